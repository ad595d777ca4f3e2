extension ShellCompletion {
    /// The bash script: `complete -F _badgebar badgebar`, helped by bash-completion when it is loaded.
    static var bash: String {
        let options = Options.table
        let flags = options.flatMap(\.allNames).joined(separator: " ")
        var cases: [String] = []
        for option in options where option.value.takesValue {
            let names = option.allNames.joined(separator: "|")
            let action: String
            switch option.value {
            case .choice(let values):
                action = #"COMPREPLY=($(compgen -W "# + singleQuoted(values.joined(separator: " ")) + #" -- "$cur"))"#
            case .path(let standardInput):
                let dash = standardInput ? #"; [[ -z $cur || $cur == - ]] && COMPREPLY+=(-)"# : ""
                action = #"compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))"# + dash
            case .buttonSpecification:
                action = #"_badgebar_button "$cur""#
            case .duration:
                let durations = singleQuoted(OptionValue.commonDurations.joined(separator: " "))
                action = #"COMPREPLY=($(compgen -W "# + durations + #" -- "$cur"))"#
            case .configuration:
                action = #"_badgebar_config "$cur""#
            case .none, .wholeNumber, .text:
                action = ":"
            }
            cases.append("        \(names)) \(action) ;;")
        }
        let buttonCases = buttonWords.indices.map { index in
            let pattern = index == buttonWords.count - 1 ? "*" : "\(index)"
            return "        \(pattern)) words=\(singleQuoted(buttonWords[index].joined(separator: " "))) ;;"
        }
        return """
            \(header(for: "bash"))

            # Words for a button title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY], by the colons typed so far.
            _badgebar_button()
            {
                local spec=$1 colons=${1//[!:]/} words
                case ${#colons} in
            \(buttonCases.joined(separator: "\n"))
                esac
                [[ -n $words ]] || return
                compopt -o nospace 2>/dev/null
                COMPREPLY=($(compgen -P "${spec%:*}:" -W "$words" -- "${spec##*:}"))
            }

            # Board files: names in badgebar's folder (NAME for NAME.conf), then paths.
            _badgebar_config()
            {
                local folder=$HOME/.config file name
                [[ $XDG_CONFIG_HOME == /* ]] && folder=$XDG_CONFIG_HOME
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$1"))
                for file in "$folder"/badgebar/*\(ConfigurationFiles.nameExtension); do
                    [[ -f $file ]] || continue
                    name=${file##*/}
                    name=${name%\(ConfigurationFiles.nameExtension)}
                    [[ $name == "$1"* && $name != *[./]* ]] && COMPREPLY+=("$name")
                done
            }

            _badgebar()
            {
                local cur prev words cword split=false
                if declare -F _init_completion >/dev/null 2>&1; then
                    _init_completion -s -n : || return
                else
                    # Without bash-completion: the words split at blanks only, so = and : stay in them.
                    local line=${COMP_LINE:0:COMP_POINT}
                    read -r -a words <<< "$line"
                    [[ $line == *[[:blank:]] || ${#words[@]} -eq 0 ]] && words+=("")
                    cword=$((${#words[@]} - 1))
                    cur=${words[cword]}
                    prev=${words[cword - 1]}
                    if [[ $cur == --*=* ]]; then
                        prev=${cur%%=*}
                        cur=${cur#*=}
                        split=true
                    fi
                fi
                COMPREPLY=()
                case $prev in
            \(cases.joined(separator: "\n"))
                    *)
                        $split && return
                        COMPREPLY=($(compgen -W \(singleQuoted(flags)) -- "$cur"))
                        ;;
                esac
                # Readline replaces only the part after the last colon: drop what comes before it.
                if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
                    local typed=${cur%"${cur##*:}"}
                    COMPREPLY=("${COMPREPLY[@]#"$typed"}")
                fi
            }

            complete -F _badgebar badgebar

            """
    }
}
