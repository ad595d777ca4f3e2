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

            \(lines.joined(separator: "\n"))

            """
    }

    /// Text inside single quotes for fish, where a backslash escapes `'` and `\`.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }
}
