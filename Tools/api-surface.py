#!/usr/bin/env python3
"""Writes the public surface of a module as text, one declaration a line, from swift-api-digester's dump.

Usage: Tools/api-surface.py DUMP.json > api/MODULE.txt

The dump is `swift-api-digester -dump-sdk -module MODULE -I MODULES -o DUMP.json`. Each line names the kind,
the declaration with its types, and the conformances of types; members are indented under their type and
sorted, so the file changes only where the surface does. `make api-check` compares it with api/.
"""
import json
import sys

KINDS = {
    "Struct": "struct", "Enum": "enum", "Class": "class", "Protocol": "protocol", "Func": "func",
    "Var": "var", "Constructor": "init", "Subscript": "subscript", "EnumElement": "case",
    "TypeAlias": "typealias", "AssociatedType": "associatedtype", "Accessor": None, "Macro": "macro",
}
# Conformances every type has, which say nothing.
IMPLIED = {"Copyable", "Escapable", "SendableMetatype", "BitwiseCopyable"}
TYPE_KINDS = {"TypeNominal", "TypeFunc", "TypeNameAlias"}


def type_name(node):
    return node.get("printedName", "?")


def parameter(node):
    """A parameter's type as a caller sees it: `inout` where it is, `= default` where it may be left out."""
    text = type_name(node)
    if node.get("paramValueOwnership") == "InOut":
        text = "inout " + text
    if node.get("hasDefaultArg"):
        text += " = default"
    return text


def line(node):
    declaration = node.get("declKind") or node.get("kind")
    word = KINDS.get(declaration, declaration.lower())
    if word is None:
        return None
    name = node.get("printedName", node.get("name", ""))
    types = [child for child in node.get("children", []) if child.get("kind") in TYPE_KINDS]
    attributes = node.get("declAttributes", [])
    prefix = "static " if node.get("static") else ""
    if "Mutating" in attributes:
        prefix += "mutating "
    if "DiscardableResult" in attributes:
        prefix = "@discardableResult " + prefix
    if declaration in ("Func", "Constructor", "Subscript") and types:
        result = type_name(types[0])
        parameters = ", ".join(parameter(t) for t in types[1:])
        text = f"{prefix}{name} ({parameters}) -> {result}" if word == "init" else f"{prefix}{word} {name} ({parameters}) -> {result}"
    elif declaration == "Var" and types:
        # Stored and settable from outside, or read only: private(set), a let, or computed (the dump keeps no
        # accessors of its own for those).
        settable = "HasStorage" in attributes and "SetterAccess" not in attributes and not node.get("isLet")
        keyword = "let" if node.get("isLet") else "var"
        text = f"{prefix}{keyword} {name}: {type_name(types[0])}" + ("" if node.get("isLet") else (" { get set }" if settable else " { get }"))
    elif declaration == "EnumElement" and types:
        # The case's constructor is (Enum.Type) -> (payload) -> Enum; a case without payload is (Enum.Type) -> Enum.
        inner = types[0].get("children", [{}])[0]
        payload = inner.get("children", [])[1:] if inner.get("kind") == "TypeFunc" else []
        text = f"case {name}" + (f"({', '.join(parameter(t) for t in payload)})" if payload else "")
    else:
        text = f"{prefix}{word} {name}"
        conformances = sorted(
            c.get("printedName", "") for c in node.get("conformances", []) if c.get("printedName") not in IMPLIED
        )
        if conformances:
            text += ": " + ", ".join(conformances)
    if node.get("genericSig"):
        text += " " + node["genericSig"]
    return text


def walk(node, depth, out):
    text = line(node)
    # What the compiler derives (==, hashing) is there through the conformance.
    if text is None or node.get("printedName", "").startswith("__derived"):
        return
    members = []
    for child in node.get("children", []):
        if child.get("kind") in TYPE_KINDS or child.get("kind") == "Accessor":
            continue
        walk(child, depth + 1, members)
    out.append(("    " * depth + text, members))


def flatten(entries, lines):
    for text, members in sorted(entries, key=lambda entry: entry[0]):
        lines.append(text)
        flatten(members, lines)


def main():
    root = json.load(open(sys.argv[1]))["ABIRoot"]
    entries = []
    for child in root.get("children", []):
        if child.get("kind") == "Import":
            continue
        walk(child, 0, entries)
    lines = []
    flatten(entries, lines)
    types = sum(1 for text, _ in entries if text.split(" ")[0] in ("struct", "enum", "class", "protocol"))
    print(f"# {root.get('name')}: {types} top-level types, {len(lines)} declarations")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
