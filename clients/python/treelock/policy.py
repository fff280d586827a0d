"""Operation policies: which lock requests a file operation takes.

A port of core/src/policy.cpp: the same JSON format, the same checks and
messages, the same plans. The built-in profiles ``fine`` and ``seed`` are read
from ``policies/*.json`` beside this module, copies of the repository's
``resources/policies/*.json`` that a test keeps equal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Dict, List, Mapping, Sequence, Tuple

from .errors import InvalidInput, InvalidPath, InvalidPolicy
from .rules import (Request, base_name, canonical_name, canonical_path, is_ancestor, join_path,
                    normalize_requests, parent_path, quote_input)

#: The targets a rule may lock.
#:  - source:        the item operated on (move/copy/rename/delete SRC)
#:  - source-parent: the folder holding the source
#:  - folder:        the folder given to create/upload, or the destination folder of move/copy
#:  - new:           the path that comes into being: F/NAME, D/basename(SRC), parent(SRC)/NEWNAME
#:  - item:          each purged item (inside the recycle bin)
TARGETS: Tuple[str, ...] = ("source", "source-parent", "folder", "new", "item")

_FOLDER_NAME = ("folder", "new")
_SOURCE_FOLDER = ("source", "source-parent", "folder", "new")
_SOURCE_NAME = ("source", "source-parent", "new")
_SOURCE = ("source", "source-parent")


@dataclass(frozen=True)
class _OperationInfo:
    name: str
    verb: str
    shape: str  # folder-name, source-folder, source-name, source, items
    usage: str
    targets: Tuple[str, ...]


_OPERATIONS: Tuple[_OperationInfo, ...] = (
    _OperationInfo("create", "create", "folder-name", "FOLDER NAME", _FOLDER_NAME),
    _OperationInfo("upload", "upload", "folder-name", "FOLDER NAME", _FOLDER_NAME),
    _OperationInfo("move-folder", "move", "source-folder", "SRC DSTFOLDER", _SOURCE_FOLDER),
    _OperationInfo("move-file", "move", "source-folder", "SRC DSTFOLDER", _SOURCE_FOLDER),
    _OperationInfo("copy-folder", "copy", "source-folder", "SRC DSTFOLDER", _SOURCE_FOLDER),
    _OperationInfo("copy-file", "copy", "source-folder", "SRC DSTFOLDER", _SOURCE_FOLDER),
    _OperationInfo("rename-folder", "rename", "source-name", "SRC NEWNAME", _SOURCE_NAME),
    _OperationInfo("rename-file", "rename", "source-name", "SRC NEWNAME", _SOURCE_NAME),
    _OperationInfo("delete-folder", "delete", "source", "PATH", _SOURCE),
    _OperationInfo("delete-file", "delete", "source", "PATH", _SOURCE),
    _OperationInfo("purge", "purge", "items", "ITEM...", ("item",)),
)
_BY_NAME: Dict[str, _OperationInfo] = {info.name: info for info in _OPERATIONS}

#: The operations a policy maps, in the order of the seed's permission table.
OPERATIONS: Tuple[str, ...] = tuple(info.name for info in _OPERATIONS)
#: The built-in profiles.
BUILTIN_PROFILES: Tuple[str, ...] = ("fine", "seed")


def _operation_list() -> str:
    return ", ".join(OPERATIONS)


def _target_list(targets: Sequence[str]) -> str:
    return ", ".join(t for t in TARGETS if t in targets)


def _type_name(value: object) -> str:
    """nlohmann::json's type_name() of a parsed JSON value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _sorted_items(obj: Mapping[str, object]) -> List[Tuple[str, object]]:
    # nlohmann::json keeps an object's keys sorted by their bytes.
    return sorted(obj.items(), key=lambda item: item[0].encode("utf-8", "surrogatepass"))


class _Reader:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def fail(self, key: str, reason: str) -> InvalidPolicy:
        return InvalidPolicy(f"{self.prefix}: " + (f"{key}: " if key else "") + reason)

    def string(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string, got {_type_name(value)}")
        return value

    def require_object(self, value: object, key: str) -> None:
        if not isinstance(value, dict):
            raise self.fail(key, f"must be an object, got {_type_name(value)}")

    def known_keys(self, obj: Mapping[str, object], key: str, known: Sequence[str]) -> None:
        for name, _ in _sorted_items(obj):
            if name not in known:
                raise self.fail(f"{key}.{name}" if key else name,
                                "unknown key (known keys: " + ", ".join(known) + ")")


@dataclass(frozen=True)
class PolicyRule:
    """One rule of a policy: lock ``target`` in ``mode``."""

    target: str
    mode: str


class Policy:
    """Maps operations to lock requests. Immutable; safe to share between threads."""

    def __init__(self, name: str, recycle_bin: str, rules: Mapping[str, Sequence[PolicyRule]]) -> None:
        self._name = name
        self._recycle_bin = recycle_bin
        self._rules: Dict[str, Tuple[PolicyRule, ...]] = {op: tuple(r) for op, r in rules.items()}

    @property
    def name(self) -> str:
        """The policy's name ("fine", "seed", ...)."""
        return self._name

    @property
    def recycle_bin(self) -> str:
        """The folder purge items live in ("/.recycle" unless the policy says otherwise)."""
        return self._recycle_bin

    def rules(self, operation: str) -> Tuple[PolicyRule, ...]:
        """The rules of ``operation`` (empty for an unknown one)."""
        return self._rules.get(operation, ())

    @staticmethod
    def builtin(profile: str = "fine") -> "Policy":
        """A built-in profile: "fine" or "seed"; :class:`InvalidInput` for other names."""
        if profile not in BUILTIN_PROFILES:
            raise InvalidInput(f"unknown policy profile {quote_input(profile)} (built-in profiles: fine, seed)")
        return _builtin(profile)

    @staticmethod
    def from_json(text: str) -> "Policy":
        """Parses a policy document; :class:`InvalidPolicy` names the offending key."""
        try:
            doc = json.loads(text)
        except (ValueError, TypeError) as error:
            raise InvalidPolicy(f"policy: malformed JSON: {error}") from None
        reader = _Reader("policy")
        reader.require_object(doc, "")
        if "name" not in doc:
            raise reader.fail("name", "missing")
        name = reader.string(doc["name"], "name")
        if not name:
            raise reader.fail("name", "must not be empty")
        reader.prefix = "policy " + quote_input(name)
        reader.known_keys(doc, "", ("name", "description", "recycle_bin", "operations"))

        if "description" in doc:
            description = doc["description"]
            ok = isinstance(description, str) or (
                isinstance(description, list) and all(isinstance(line, str) for line in description))
            if not ok:
                raise reader.fail("description", "must be a string or an array of strings")

        recycle_bin = "/.recycle"
        if "recycle_bin" in doc:
            bin_text = reader.string(doc["recycle_bin"], "recycle_bin")
            try:
                recycle_bin = canonical_path(bin_text)
            except InvalidPath as error:
                raise reader.fail("recycle_bin", str(error)) from None
            if recycle_bin == "/":
                raise reader.fail("recycle_bin", 'must not be the root "/"')

        if "operations" not in doc:
            raise reader.fail("operations", "missing")
        operations = doc["operations"]
        reader.require_object(operations, "operations")
        rules: Dict[str, List[PolicyRule]] = {}
        for op_name, rule_list in _sorted_items(operations):
            key = "operations." + op_name
            info = _BY_NAME.get(op_name)
            if info is None:
                raise reader.fail(key, f"unknown operation (known: {_operation_list()})")
            if not isinstance(rule_list, list):
                raise reader.fail(key, f"must be an array of rules, got {_type_name(rule_list)}")
            if not rule_list:
                raise reader.fail(key, "needs at least one rule")
            parsed: List[PolicyRule] = []
            for i, rule in enumerate(rule_list):
                rule_key = f"{key}[{i}]"
                reader.require_object(rule, rule_key)
                reader.known_keys(rule, rule_key, ("target", "mode"))
                if "target" not in rule:
                    raise reader.fail(rule_key + ".target", "missing")
                if "mode" not in rule:
                    raise reader.fail(rule_key + ".mode", "missing")
                target = reader.string(rule["target"], rule_key + ".target")
                if target not in TARGETS:
                    raise reader.fail(rule_key + ".target", f"{quote_input(target)} is not a target "
                                                            f"(one of {_target_list(TARGETS)})")
                if target not in info.targets:
                    raise reader.fail(rule_key + ".target", f"{quote_input(target)} is not a target of "
                                                            f"{info.name} (valid: {_target_list(info.targets)})")
                mode = reader.string(rule["mode"], rule_key + ".mode")
                if mode not in ("IS", "IX", "S", "SIX", "X"):
                    raise reader.fail(rule_key + ".mode", f"{quote_input(mode)} is not a lock mode "
                                                          "(one of IS IX S SIX X)")
                parsed.append(PolicyRule(target, mode))
            rules[op_name] = parsed
        for op_name in OPERATIONS:
            if op_name not in rules:
                raise reader.fail("operations." + op_name, "missing")
        return Policy(name, recycle_bin, rules)

    def plan(self, operation: str, args: Sequence[str], *, case_insensitive: bool = False) -> List[Request]:
        """The lock requests of one call, normalised (see :func:`treelock.rules.normalize_requests`).

        Arguments: create/upload FOLDER NAME; move-*/copy-* SRC DSTFOLDER;
        rename-* SRC NEWNAME; delete-* PATH; purge ITEM... :class:`InvalidInput`
        when they are wrong in number or meaning (a path that does not
        canonicalise, a name with "/", a folder moved into its own subtree, the
        root as a source, ...), worded as the C++ library words it.
        """
        info = _BY_NAME.get(operation) if isinstance(operation, str) else None
        if info is None:
            raise InvalidInput(f"unknown operation {quote_input(str(operation))}: expected one of "
                               f"{_operation_list()}")
        args = list(args)
        count = len(args)
        if info.shape == "items":
            count_ok = count >= 1
        elif info.shape == "source":
            count_ok = count == 1
        else:
            count_ok = count == 2
        if not count_ok:
            raise InvalidInput(f"{info.name} needs {info.usage}, got {count} "
                               + ("argument" if count == 1 else "arguments"))
        op_rules = self.rules(info.name)
        if not op_rules:
            raise InvalidInput(f"policy {quote_input(self._name)} has no rules for {info.name}")
        return _Planner(info, args, case_insensitive, self._recycle_bin, op_rules).plan()


class _Planner:
    def __init__(self, info: _OperationInfo, args: List[str], case_insensitive: bool,
                 recycle_bin: str, rules: Sequence[PolicyRule]) -> None:
        self.info = info
        self.args = args
        self.fold = case_insensitive
        self.bin = recycle_bin
        self.rules = rules
        self.requests: List[Tuple[str, str]] = []

    def fail(self, reason: str) -> InvalidInput:
        return InvalidInput(f"{self.info.name}: {reason}")

    def _rethrow(self, error: InvalidPath, role: str) -> InvalidPath:
        return InvalidPath(f"{self.info.name} {role}: {error}", error.path, error.rule)

    def path(self, raw: object, role: str, fold: bool) -> str:
        try:
            return canonical_path(raw, case_insensitive=fold)  # type: ignore[arg-type]
        except InvalidPath as error:
            raise self._rethrow(error, role) from None

    def name(self, raw: object, role: str, fold: bool) -> str:
        try:
            return canonical_name(raw, case_insensitive=fold)  # type: ignore[arg-type]
        except InvalidPath as error:
            raise self._rethrow(error, role) from None

    def source(self, index: int) -> str:
        src = self.path(self.args[index], "SRC", self.fold)
        if src == "/":
            raise self.fail(f'cannot {self.info.verb} the root "/"')
        return src

    def built(self, raw: str, role: str) -> str:
        return self.path(raw, role, self.fold)

    def lock(self, target: str, path: str) -> None:
        for rule in self.rules:
            if rule.target == target:
                self.requests.append((rule.mode, path))

    def plan(self) -> List[Request]:
        shape = self.info.shape
        verb = self.info.verb
        if shape == "folder-name":
            folder = self.path(self.args[0], "FOLDER", self.fold)
            name = self.name(self.args[1], "NAME", self.fold)
            self.lock("folder", folder)
            self.lock("new", self.built(join_path(folder, name), "new path"))
        elif shape == "source-folder":
            source = self.source(0)
            folder = self.path(self.args[1], "DSTFOLDER", self.fold)
            if folder == source:
                raise self.fail(f"cannot {verb} {quote_input(source)} into itself")
            if is_ancestor(source, folder):
                raise self.fail(f"cannot {verb} {quote_input(source)} into its own subtree {quote_input(folder)}")
            target = self.built(join_path(folder, base_name(source)), "new path")
            if target == source:
                raise self.fail(f"cannot {verb} {quote_input(source)} into {quote_input(folder)}: "
                                "it is already there (the destination equals the source)")
            self.lock("source", source)
            self.lock("source-parent", parent_path(source))
            self.lock("folder", folder)
            self.lock("new", target)
        elif shape == "source-name":
            source = self.source(0)
            name = self.name(self.args[1], "NEWNAME", self.fold)
            target = self.built(join_path(parent_path(source), name), "new path")
            # With case folding, "readme" -> "README" keeps the node but is a real rename.
            if target == source and (
                    not self.fold
                    or self.name(self.args[1], "NEWNAME", False)
                    == base_name(self.path(self.args[0], "SRC", False))):
                raise self.fail(f"cannot rename {quote_input(source)} to {quote_input(name)}: "
                                "the new name is the current name")
            self.lock("source", source)
            self.lock("source-parent", parent_path(source))
            self.lock("new", target)
        elif shape == "source":
            source = self.source(0)
            self.lock("source", source)
            self.lock("source-parent", parent_path(source))
        else:
            bin_path = self.built(self.bin, "recycle bin")
            for i, arg in enumerate(self.args):
                role = f"ITEM {i + 1}"
                text = arg if isinstance(arg, str) else str(arg)
                # An item already given as a path in the bin ("/.recycle/A", as the lock
                # table shows it) is that path; anything else is relative to the bin.
                as_path = self.built(text if text.startswith("/") else "/" + text, role)
                item = as_path if (as_path == bin_path or is_ancestor(bin_path, as_path)) \
                    else self.built(self.bin + "/" + text, role)
                if item == bin_path:
                    raise self.fail(f"item {quote_input(text)} names the recycle bin itself; give items inside it "
                                    f"(\"A\", \"/A\" and \"{self.bin}/A\" all mean \"{self.bin}/A\")")
                self.lock("item", item)
        return normalize_requests(self.requests, case_insensitive=self.fold)


@lru_cache(maxsize=None)
def _builtin(profile: str) -> Policy:
    text = resources.files(__package__).joinpath("policies", f"{profile}.json").read_text("utf-8")
    return Policy.from_json(text)
