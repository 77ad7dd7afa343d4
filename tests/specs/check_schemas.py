#!/usr/bin/env python3
"""Every shipped spec file validates against the JSON Schema it ships with.

specs/**/*.json is checked against specs/schema/<kind>.schema.json (scenario
files, *.scalescope.json, against scenario.schema.json; a validation run's
scenario through its $ref; lessons, "format": "scalescope-lesson/1", against
lesson.schema.json). A file whose kind has no schema is an error too.
Free-text keys the readers accept anywhere (description, note, notes,
comment) are left out of the check.
Prints 'file: /json/path: message' per problem and exits 1 if there is any.
Usage: check_schemas.py SPECS_DIR
"""
import json
import pathlib
import sys

import jsonschema


def rewrite_refs(node, rewrite):
    """A copy of a schema tree with every "$ref" passed through rewrite."""
    if isinstance(node, dict):
        return {k: rewrite(v) if k == "$ref" else rewrite_refs(v, rewrite) for k, v in node.items()}
    if isinstance(node, list):
        return [rewrite_refs(v, rewrite) for v in node]
    return node


def bundle(schemas):
    """All schemas as one document: each under $defs/<name>, its own "#/..."
    references re-rooted there and "other.schema.json#/..." pointed at its
    copy, so that any jsonschema version (Debian 12 ships 4.10) validates
    without a network or file resolver."""
    defs = {}
    for name, schema in schemas.items():
        def rewrite(ref, name=name):
            target, _, pointer = ref.partition("#")
            target = target or name
            if target not in schemas:
                raise SystemExit(f"schema/{name}: $ref {ref!r} names no schema in specs/schema")
            return f"#/$defs/{target}{pointer}"
        defs[name] = rewrite_refs({k: v for k, v in schema.items() if k not in ("$id", "$schema")}, rewrite)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs}


DOCUMENTATION_KEYS = {"description", "note", "notes", "comment"}  # allowed anywhere by the readers (specs/README.md)


def without_documentation(node):
    """The document without the free-text keys the readers accept anywhere."""
    if isinstance(node, dict):
        return {k: without_documentation(v) for k, v in node.items() if k not in DOCUMENTATION_KEYS}
    if isinstance(node, list):
        return [without_documentation(v) for v in node]
    return node


def main(specs: pathlib.Path) -> int:
    schema_dir = specs / "schema"
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(schema_dir.glob("*.schema.json"))}
    all_schemas = bundle(schemas)
    problems = 0
    checked = 0
    for path in sorted(specs.rglob("*.json")):
        if schema_dir in path.parents:
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if path.name.endswith(".scalescope.json"):
            name = "scenario.schema.json"
        elif doc.get("format") == "scalescope-lesson/1":
            name = "lesson.schema.json"
        else:
            name = f"{doc.get('kind', '')}.schema.json"
        rel = path.relative_to(specs)
        if name not in schemas:
            print(f"{rel}: /kind: expected a kind with a schema in specs/schema, found {doc.get('kind')!r}")
            problems += 1
            continue
        schema = dict(all_schemas, **{"$ref": f"#/$defs/{name}"})
        validator = jsonschema.Draft202012Validator(schema)
        for error in sorted(validator.iter_errors(without_documentation(doc)), key=lambda e: [str(p) for p in e.absolute_path]):
            pointer = "/" + "/".join(str(p) for p in error.absolute_path)
            print(f"{rel}: {pointer}: {error.message}")
            problems += 1
        checked += 1
    print(f"{checked} spec files checked against {len(schemas)} schemas: {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1]).resolve()))
