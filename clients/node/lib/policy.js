'use strict';
// The operation policy of core/src/policy.cpp: which lock requests an operation such as
// move-folder takes. Data from policies/*.json (copies of resources/policies/*.json).

const fs = require('node:fs');
const path = require('node:path');
const { InvalidInput, InvalidPath, InvalidPolicy } = require('./errors');
const rules = require('./rules');
const { quoteInput, compareBytes } = require('./text');

// name, verb, shape, usage, targets: as kOperationInfo in policy.cpp, in its order.
const FOLDER_NAME = ['folder', 'new'];
const SOURCE_FOLDER = ['source', 'source-parent', 'folder', 'new'];
const SOURCE_NAME = ['source', 'source-parent', 'new'];
const SOURCE = ['source', 'source-parent'];
const OPERATIONS = [
  ['create', 'create', 'FolderName', 'FOLDER NAME', FOLDER_NAME],
  ['upload', 'upload', 'FolderName', 'FOLDER NAME', FOLDER_NAME],
  ['move-folder', 'move', 'SourceFolder', 'SRC DSTFOLDER', SOURCE_FOLDER],
  ['move-file', 'move', 'SourceFolder', 'SRC DSTFOLDER', SOURCE_FOLDER],
  ['copy-folder', 'copy', 'SourceFolder', 'SRC DSTFOLDER', SOURCE_FOLDER],
  ['copy-file', 'copy', 'SourceFolder', 'SRC DSTFOLDER', SOURCE_FOLDER],
  ['rename-folder', 'rename', 'SourceName', 'SRC NEWNAME', SOURCE_NAME],
  ['rename-file', 'rename', 'SourceName', 'SRC NEWNAME', SOURCE_NAME],
  ['delete-folder', 'delete', 'Source', 'PATH', SOURCE],
  ['delete-file', 'delete', 'Source', 'PATH', SOURCE],
  ['purge', 'purge', 'Items', 'ITEM...', ['item']],
].map(([name, verb, shape, usage, targets]) => ({ name, verb, shape, usage, targets }));
const OPERATION_BY_NAME = new Map(OPERATIONS.map((info) => [info.name, info]));
const TARGETS = ['source', 'source-parent', 'folder', 'new', 'item'];
const BUILTIN_PROFILES = ['fine', 'seed'];

/** The names of the operations, in the C++ order. */
const operationNames = () => OPERATIONS.map((info) => info.name);

function fail(prefix, key, reason) {
  throw new InvalidPolicy(`${prefix}: ${key ? `${key}: ` : ''}${reason}`);
}

const sortedKeys = (object) => Object.keys(object).sort(compareBytes);

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return typeof value;
}

/** A parsed policy: name, recycleBin and rules per operation ([{target, mode}, ...]). */
class Policy {
  constructor(name, recycleBin, operationRules) {
    this.name = name;
    this.recycleBin = recycleBin;
    this.rules = operationRules; // Map: operation name -> [{target, mode}]
  }

  /** A built-in profile: "fine" or "seed". */
  static builtin(profile = 'fine') {
    if (!BUILTIN_PROFILES.includes(profile)) {
      const shown = typeof profile === 'string' ? quoteInput(profile) : rules.describeValue(profile);
      throw new InvalidInput(`unknown policy profile ${shown} (built-in profiles: fine, seed)`);
    }
    if (!builtinCache.has(profile)) {
      const file = path.join(__dirname, '..', 'policies', `${profile}.json`);
      builtinCache.set(profile, Policy.fromJson(fs.readFileSync(file, 'utf8')));
    }
    return builtinCache.get(profile);
  }

  /** Parses a policy document (text or an object), checked as Policy::fromJson checks it. */
  static fromJson(json) {
    let doc = json;
    if (typeof json === 'string') {
      try {
        doc = JSON.parse(json);
      } catch (error) {
        throw new InvalidPolicy(`policy: malformed JSON: ${error.message}`);
      }
    }
    let prefix = 'policy';
    const requireString = (value, key) => {
      if (typeof value !== 'string') fail(prefix, key, `must be a string, got ${typeName(value)}`);
      return value;
    };
    const requireObject = (value, key) => {
      if (typeName(value) !== 'object') fail(prefix, key, `must be an object, got ${typeName(value)}`);
    };
    const rejectUnknownKeys = (object, key, known) => {
      for (const item of sortedKeys(object)) {
        if (!known.includes(item)) {
          fail(prefix, key ? `${key}.${item}` : item, `unknown key (known keys: ${known.join(', ')})`);
        }
      }
    };
    requireObject(doc, '');
    if (!('name' in doc)) fail(prefix, 'name', 'missing');
    const name = requireString(doc.name, 'name');
    if (name.length === 0) fail(prefix, 'name', 'must not be empty');
    prefix = `policy ${quoteInput(name)}`;
    rejectUnknownKeys(doc, '', ['name', 'description', 'recycle_bin', 'operations']);
    if ('description' in doc) {
      const d = doc.description;
      const ok = typeof d === 'string' || (Array.isArray(d) && d.every((line) => typeof line === 'string'));
      if (!ok) fail(prefix, 'description', 'must be a string or an array of strings');
    }
    let recycleBin = '/.recycle';
    if ('recycle_bin' in doc) {
      const bin = requireString(doc.recycle_bin, 'recycle_bin');
      try {
        recycleBin = rules.canonicalPath(bin);
      } catch (error) {
        if (!(error instanceof InvalidInput)) throw error;
        fail(prefix, 'recycle_bin', error.message);
      }
      if (recycleBin === '/') fail(prefix, 'recycle_bin', 'must not be the root "/"');
    }
    if (!('operations' in doc)) fail(prefix, 'operations', 'missing');
    requireObject(doc.operations, 'operations');
    const operationRules = new Map();
    // nlohmann::json keeps an object's keys sorted: entries are examined in byte order.
    for (const opName of sortedKeys(doc.operations)) {
      const list = doc.operations[opName];
      const key = `operations.${opName}`;
      const info = OPERATION_BY_NAME.get(opName);
      if (!info) fail(prefix, key, `unknown operation (known: ${operationNames().join(', ')})`);
      if (!Array.isArray(list)) fail(prefix, key, `must be an array of rules, got ${typeName(list)}`);
      if (list.length === 0) fail(prefix, key, 'needs at least one rule');
      const parsed = list.map((rule, i) => {
        const ruleKey = `${key}[${i}]`;
        requireObject(rule, ruleKey);
        rejectUnknownKeys(rule, ruleKey, ['target', 'mode']);
        if (!('target' in rule)) fail(prefix, `${ruleKey}.target`, 'missing');
        if (!('mode' in rule)) fail(prefix, `${ruleKey}.mode`, 'missing');
        const target = requireString(rule.target, `${ruleKey}.target`);
        if (!TARGETS.includes(target)) {
          fail(prefix, `${ruleKey}.target`, `${quoteInput(target)} is not a target (one of ${TARGETS.join(', ')})`);
        }
        if (!info.targets.includes(target)) {
          const valid = TARGETS.filter((t) => info.targets.includes(t)).join(', ');
          fail(prefix, `${ruleKey}.target`, `${quoteInput(target)} is not a target of ${info.name} (valid: ${valid})`);
        }
        const mode = requireString(rule.mode, `${ruleKey}.mode`);
        if (!rules.MODES.includes(mode)) {
          fail(prefix, `${ruleKey}.mode`, `${quoteInput(mode)} is not a lock mode (one of IS IX S SIX X)`);
        }
        return { target, mode };
      });
      operationRules.set(opName, parsed);
    }
    for (const info of OPERATIONS) {
      if (!operationRules.has(info.name)) fail(prefix, `operations.${info.name}`, 'missing');
    }
    return new Policy(name, recycleBin, operationRules);
  }

  /**
   * The normalised lock requests ([[mode, path], ...]) of `operation` on `args`, as
   * Policy::plan computes them. Throws InvalidInput worded as C++ words it.
   */
  plan(operation, args) {
    const info = OPERATION_BY_NAME.get(operation);
    if (!info) {
      const shown = typeof operation === 'string' ? quoteInput(operation) : rules.describeValue(operation);
      throw new InvalidInput(`unknown operation ${shown}: expected one of ${operationNames().join(', ')}`);
    }
    if (!Array.isArray(args)) {
      throw new InvalidInput(`${info.name} needs ${info.usage}, got ${rules.describeValue(args)}`);
    }
    const count = args.length;
    const countOk = info.shape === 'Items' ? count >= 1 : info.shape === 'Source' ? count === 1 : count === 2;
    if (!countOk) {
      throw new InvalidInput(`${info.name} needs ${info.usage}, got ${count} ${count === 1 ? 'argument' : 'arguments'}`);
    }
    const opRules = this.rules.get(info.name) || [];
    if (opRules.length === 0) throw new InvalidInput(`policy ${quoteInput(this.name)} has no rules for ${info.name}`);

    const planFail = (reason) => {
      throw new InvalidInput(`${info.name}: ${reason}`);
    };
    const rethrow = (error, role) => {
      if (error instanceof InvalidPath) {
        throw new InvalidPath(`${info.name} ${role}: ${error.message}`, error.path, error.rule);
      }
      throw error;
    };
    const canonical = (raw, role) => {
      try {
        return rules.canonicalPath(raw);
      } catch (error) {
        return rethrow(error, role);
      }
    };
    const pathArg = (index, role) => canonical(args[index], role);
    const nameArg = (index, role) => {
      try {
        return rules.canonicalName(args[index]);
      } catch (error) {
        return rethrow(error, role);
      }
    };
    const source = (index) => {
      const src = pathArg(index, 'SRC');
      if (src === '/') planFail(`cannot ${info.verb} the root "/"`);
      return src;
    };
    const built = (raw, role) => canonical(raw, role);

    const requests = [];
    const lock = (target, p) => {
      for (const rule of opRules) if (rule.target === target) requests.push([rule.mode, p]);
    };
    switch (info.shape) {
      case 'FolderName': {
        const folder = pathArg(0, 'FOLDER');
        const name = nameArg(1, 'NAME');
        lock('folder', folder);
        lock('new', built(rules.joinPath(folder, name), 'new path'));
        break;
      }
      case 'SourceFolder': {
        const src = source(0);
        const folder = pathArg(1, 'DSTFOLDER');
        if (folder === src) planFail(`cannot ${info.verb} ${quoteInput(src)} into itself`);
        if (rules.isAncestor(src, folder)) {
          planFail(`cannot ${info.verb} ${quoteInput(src)} into its own subtree ${quoteInput(folder)}`);
        }
        const target = built(rules.joinPath(folder, rules.baseName(src)), 'new path');
        if (target === src) {
          planFail(`cannot ${info.verb} ${quoteInput(src)} into ${quoteInput(folder)}: it is already there `
            + '(the destination equals the source)');
        }
        lock('source', src);
        lock('source-parent', rules.parentPath(src));
        lock('folder', folder);
        lock('new', target);
        break;
      }
      case 'SourceName': {
        const src = source(0);
        const name = nameArg(1, 'NEWNAME');
        const target = built(rules.joinPath(rules.parentPath(src), name), 'new path');
        if (target === src) {
          planFail(`cannot rename ${quoteInput(src)} to ${quoteInput(name)}: the new name is the current name`);
        }
        lock('source', src);
        lock('source-parent', rules.parentPath(src));
        lock('new', target);
        break;
      }
      case 'Source': {
        const src = source(0);
        lock('source', src);
        lock('source-parent', rules.parentPath(src));
        break;
      }
      case 'Items': {
        const bin = built(this.recycleBin, 'recycle bin');
        args.forEach((arg, i) => {
          const role = `ITEM ${i + 1}`;
          if (typeof arg !== 'string') canonical(arg, role); // throws: not a string
          // An item already given as a path in the bin is that path; anything else is
          // relative to the bin.
          const asPath = built(arg.length > 0 && arg[0] === '/' ? arg : `/${arg}`, role);
          const item = asPath === bin || rules.isAncestor(bin, asPath) ? asPath : built(`${this.recycleBin}/${arg}`, role);
          if (item === bin) {
            planFail(`item ${quoteInput(arg)} names the recycle bin itself; give items inside it ("A", "/A" and "`
              + `${this.recycleBin}/A" all mean "${this.recycleBin}/A")`);
          }
          lock('item', item);
        });
        break;
      }
      default:
        break;
    }
    return rules.normalizeRequests(requests);
  }
}

const builtinCache = new Map();

module.exports = { Policy, operationNames, BUILTIN_PROFILES };
