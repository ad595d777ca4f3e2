extension ShellCompletion {
    /// The fish completions, for `vendor_completions.d`.
    static var fish: String {
        var lines = ["complete -c badgebar -f"]
        for option in Options.table {
            var words = ["complete", "-c", "badgebar"]
            for name in option.allNames {
                words += name.hasPrefix("--") ? ["-l", String(name.dropFirst(2))] : ["-s", String(name.dropFirst())]
            }
            switch option.value {
            case .none:
                break
            case .wholeNumber, .text:
                words.append("-x")
            case .choice(let values):
                words += ["-x", "-a", fishQuoted(values.joined(separator: " "))]
            case .path(let standardInput):
                words += ["-r", "-F"] + (standardInput ? ["-a", "-"] : [])
            case .buttonSpecification:
                words += ["-x", "-a", "'(__badgebar_button (commandline -ct))'"]
            case .configuration:
                words += ["-r", "-F", "-a", "'(__badgebar_configs)'"]
            case .duration:
                words += ["-x", "-a", fishQuoted(OptionValue.commonDurations.joined(separator: " "))]
            }
            words += ["-d", fishQuoted(option.summary)]
            lines.append(words.joined(separator: " "))
        }
        let buttonCases = buttonWords.indices.map { index in
            let pattern = index == buttonWords.count - 1 ? "'*'" : "\(index)"
            let words = buttonWords[index].map { " " + $0 }.joined()
            return "        case \(pattern)\n            set words\(words)"
        }
        return """
            \(header(for: "fish"))

            # Words for a button title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY], by the colons typed so far.
            function __badgebar_button
                set -l spec (string replace -r -- '^--[^=]*=' '' $argv[1])
                set -l words
                switch (string length -- (string replace -a -r -- '[^:]' '' $spec))
            \(buttonCases.joined(separator: "\n"))
                end
                set -l head (string replace -r -- ':[^:]*$' ':' $spec)
                for word in $words
                    echo $head$word
                end
            end

            # Board files: names in badgebar's folder (NAME for NAME.conf); paths come from -F.
            function __badgebar_configs
                set -l folder $HOME/.config
                string match -q -- '/*' "$XDG_CONFIG_HOME"; and set folder $XDG_CONFIG_HOME
                for file in $folder/badgebar/*\(ConfigurationFiles.nameExtension)
                    test -f $file; or continue
                    set -l name (string replace -r -- '^.*/' '' $file | string replace -r -- '\\\(ConfigurationFiles.nameExtension)$' '')
                    string match -q -r -- '[./]' $name; or echo $name
                end
            end

            \(lines.joined(separator: "\n"))

            """
    }

    /// Text inside single quotes for fish, where a backslash escapes `'` and `\`.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}
