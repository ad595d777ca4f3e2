import BadgeKit

extension ShellCompletion {
    /// The zsh completion function, `_badgebar`, for a folder on `fpath`.
    static var zsh: String {
        var specifications: [String] = []
        for option in Options.table {
            let description =
                "["
                + option.summary.replacingAll("\\", with: "\\\\").replacingAll("]", with: "\\]")
                .replacingAll("[", with: "\\[") + "]"
            var exclusions = ""
            if option.finishes {
                exclusions = "(- *)"
            } else if option.allNames.count > 1 {
                exclusions = "(" + option.allNames.joined(separator: " ") + ")"
            }
            let repeatable = option.isRepeatable ? "*" : ""
            let argument: String
            switch option.value {
            case .none: argument = ""
            case .wholeNumber(let range): argument = ":\(option.placeholder ?? "N") (\(OptionValue.describe(range))):"
            case .choice(let values): argument = ":\(option.placeholder ?? "VALUE"):(\(values.joined(separator: " ")))"
            case .text: argument = ":\(option.placeholder ?? "TEXT"):"
            case .path: argument = ":\(option.placeholder ?? "FILE"):_files"
            case .buttonSpecification: argument = ":\(option.placeholder ?? "SPEC"):_badgebar_button"
            case .configuration: argument = ":\(option.placeholder ?? "FILE"):_badgebar_config"
            case .duration:
                argument =
                    ":\(option.placeholder ?? "DURATION") (e.g. \(DurationText.examples)):"
                    + "(\(OptionValue.commonDurations.joined(separator: " ")))"
            }
            for name in option.allNames {
                let takesEquals = option.value.takesValue && name.hasPrefix("--") ? "=" : ""
                let specification = exclusions + repeatable + name + takesEquals + description + argument
                specifications.append("    " + singleQuoted(specification) + " \\")
            }
        }
        let buttonCases = buttonWords.indices.map { index in
            let pattern = index == buttonWords.count - 1 ? "*" : "\(index)"
            return "    \(pattern)) words=(\(buttonWords[index].joined(separator: " "))) ;;"
        }
        return """
            #compdef badgebar
            \(header(for: "zsh"))

            # Words for a button title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY], by the colons typed so far.
            _badgebar_button() {
              local colons=${PREFIX//[^:]/}
              local -a words
              case ${#colons} in
            \(buttonCases.joined(separator: "\n"))
              esac
              if (( ${#words} == 0 )); then
                _message 'title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY]'
                return 1
              fi
              compset -P '*:'
              compadd -S '' -a words
            }

            # Board files: names in badgebar's folder (NAME for NAME.conf), then paths.
            _badgebar_config() {
              local folder=$HOME/.config
              [[ $XDG_CONFIG_HOME == /* ]] && folder=$XDG_CONFIG_HOME
              local -a names
              names=($folder/badgebar/*\(ConfigurationFiles.nameExtension)(N-.:t:r))
              names=(${names:#*[./]*})
              _alternative 'names:board name:compadd -a names' 'files:board file:_files'
            }

            _arguments -s -S \\
            \(specifications.joined(separator: "\n"))
              && return 0

            """
    }
}
