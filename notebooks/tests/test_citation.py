"""CITATION.cff against the Citation File Format 1.2.0 JSON schema.

The schema is vendored in tests/data/cff-1.2.0-schema.json, byte for byte the
schema.json of the citation-file-format/citation-file-format repository at tag
1.2.0 (CC-BY-4.0, The Citation File Format authors; tests/data/README.md), so
the check runs offline. CFF files are YAML 1.2, in which dates are plain
strings; PyYAML reads YAML 1.1, so the loader here leaves timestamps as strings
as a YAML 1.2 reader would.
"""

from __future__ import annotations

import copy
import hashlib
import json

import jsonschema
import pytest
import yaml

from conftest import REPO

SCHEMA = REPO / "notebooks" / "tests" / "data" / "cff-1.2.0-schema.json"
SCHEMA_SHA256 = "0b8d22140da702d766df318dcff3a91af2f39521298dcf36d76315fd99cc169b"
CITATION = REPO / "CITATION.cff"


class _Yaml12Loader(yaml.SafeLoader):
    """SafeLoader without YAML 1.1's implicit timestamps."""


_Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft7Validator:
    raw = SCHEMA.read_bytes()
    assert hashlib.sha256(raw).hexdigest() == SCHEMA_SHA256, f"{SCHEMA} is not the vendored CFF 1.2.0 schema"
    schema = json.loads(raw)
    assert schema["$id"] == "https://citation-file-format.github.io/1.2.0/schema.json"
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def citation() -> dict:
    with open(CITATION, encoding="utf-8") as f:
        return yaml.load(f, Loader=_Yaml12Loader)


def errors(validator, doc) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in validator.iter_errors(doc)]


def test_citation_is_valid_cff_1_2_0(validator, citation):
    assert citation["cff-version"] == "1.2.0"
    assert errors(validator, citation) == []


def test_citation_names_the_project_and_the_thesis(citation):
    assert {"name": "hyperroute developers"} in citation["authors"]
    theses = [r for r in citation.get("references", []) if r["type"] == "thesis"]
    assert len(theses) == 1
    (thesis,) = theses
    assert thesis["title"] == "Fehlertolerantes Routing auf dem n-dim Würfel"
    assert thesis["authors"] == [{"family-names": "Schömer", "given-names": "Elmar"}]
    assert (thesis["year"], thesis["month"]) == (1988, 1)
    assert thesis["institution"]["name"] == "Universität des Saarlandes"


def test_citation_license_only_with_a_license_file(citation):
    """A license is declared exactly when the repository has a license file."""
    has_file = any(p.is_file() for p in REPO.glob("LICEN[CS]E*"))
    assert ("license" in citation) == has_file


@pytest.mark.parametrize(
    "mutate, where",
    [
        (lambda d: d.pop("message"), "<root>"),
        (lambda d: d.update({"cff-version": "1.2"}), "cff-version"),
        (lambda d: d["authors"][0].update({"affiliation-of": "x"}), "authors/0"),
        (lambda d: d["references"][0].update({"type": "diplomarbeit"}), "references/0/type"),
        (lambda d: d["references"][0].update({"month": 13}), "references/0/month"),
    ],
    ids=["no message", "bad version", "unknown author key", "bad reference type", "bad month"],
)
def test_schema_rejects_broken_citations(validator, citation, mutate, where):
    """The check can fail: each one-line break of the file is caught."""
    broken = copy.deepcopy(citation)
    mutate(broken)
    errs = errors(validator, broken)
    assert errs, "the schema accepted a broken CITATION.cff"
    assert any(e.startswith(where) for e in errs), errs
