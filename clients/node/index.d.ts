// Type declarations of the treelock package (hand-written; the code is plain JavaScript).

/** A lock mode of multiple-granularity locking. */
export type LockMode = 'IS' | 'IX' | 'S' | 'SIX' | 'X';

/** One lock request: [mode, path], or {mode, path}. */
export type LockRequest = [LockMode, string] | { mode: LockMode; path: string };

/** A normalised request: canonical path, one per path, sorted by the paths' UTF-8 bytes. */
export type NormalRequest = [LockMode, string];

/**
 * The answer of release, renew and force-release. "gone": a release or force-release whose
 * answer was lost, sent again, found no lease: its first attempt ended it (a success).
 */
export type LeaseStatus = 'ok' | 'unknown' | 'expired' | 'live' | 'gone';

/** The operations a policy plans. */
export type OperationName =
  | 'create' | 'upload' | 'move-folder' | 'move-file' | 'copy-folder' | 'copy-file'
  | 'rename-folder' | 'rename-file' | 'delete-folder' | 'delete-file' | 'purge';

/** Who is in the way of a refused acquire. */
export interface Blocker {
  /** The blocking lease's id (32 hex digits); "" when no holder can be named. */
  lease: string;
  owner: string;
  op: string;
  /** The blocking lease's own request (path and mode) that clashes; both "" when no holder can be named. */
  path: string;
  mode: LockMode | '';
  /** Until the blocking lease's expiry, on the server's clock; 0 for a waiter. */
  expiresInMs: number;
  /** The node where the clash was found, and the mode held (or reserved) there. */
  clashPath: string;
  heldMode: LockMode;
  /** The refused request: [mode, path]. */
  wanted: NormalRequest;
  /** True when the blocker is an older waiter (fairness), not a holder. */
  queued: boolean;
}

/** A granted lease. */
export class Lease {
  /** The lease id: 32 lower-case hex digits (the capability to release and renew it). */
  readonly id: string;
  /** Fencing token: strictly increasing per project; a µs timestamp (about 1.7e15), exact as a Number. */
  readonly fence: number;
  /** Expiry in server time (ms since the epoch); updated by renew(lease) and lock()'s watchdog. */
  expiresAtMs: number;
  ttlMs: number;
  /** Greater than 1 after reentrant acquires. */
  readonly holds: number;
  readonly requests: NormalRequest[];
  readonly owner: string;
  readonly op: string;
  /** True once lock()'s watchdog found the lease gone. */
  lost: boolean;
}

/**
 * How a rediss:// connection (rediss+sentinel://, rediss+cluster://) proves the server and
 * itself: the C++ library's TlsOptions. Files are PEM, read when the client is made; a
 * missing or unreadable one is InvalidInput naming it. By default the server's chain is
 * verified against Node's CA store and its name (DNS or IP SAN) against the host, TLS 1.2+.
 */
export interface TlsOptions {
  /** CAs to trust instead of the default store (redis-cli --cacert). */
  caFile?: string;
  /** A folder of CA files, such as a hashed one of `openssl rehash` (--cacertdir). */
  caDir?: string;
  /** A client certificate, for servers that ask for one (--cert), and its unencrypted key (--key). */
  certFile?: string;
  keyFile?: string;
  /** The name sent (SNI) and looked for in the server's certificate; default: the host (--sni). */
  serverName?: string;
  /** Skip every verification of the server (--insecure); each client made with it emits a warning. */
  insecure?: boolean;
}

export interface ClientOptions {
  /** Project id: 1-64 characters of A-Z a-z 0-9 _ . - (default "default"). */
  project?: string;
  /** TLS settings; only with a rediss URL (else InvalidInput). */
  tls?: TlsOptions;
  /**
   * The sentinels' own credentials (Sentinel URLs only, else InvalidInput); they win over
   * the URL's ?sentinel_user= and ?sentinel_password=.
   */
  sentinelUser?: string;
  sentinelPassword?: string;
  /** Default owner label of this client's leases (default "<user>@<host>"). */
  owner?: string;
  /** How long connecting may take (default 2000). */
  connectTimeoutMs?: number;
  /** How long one sending of a call may wait for its answer (default 5000); then it is sent again. */
  commandTimeoutMs?: number;
  /**
   * How long a call whose answer was lost, or that did not run, is sent again (default
   * 15000): then it fails with ConnectionError, which says when the outcome is unknown.
   */
  failoverTimeoutMs?: number;
  /** How long a waiter's registration lasts between attempts (default 2000, 10 ms to 24 h). */
  waitRefreshMs?: number;
  /** Backoff bounds between attempts of a waiting acquire (defaults 5 and 250). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface AcquireOptions {
  requests: LockRequest[];
  /** Default: the client's owner. */
  owner?: string;
  /** Operation label (default "lock"). */
  op?: string;
  /** 10 ms to 24 h (default 30000). */
  ttlMs?: number;
  /** How long to wait for the locks (default 0: one attempt). */
  waitMs?: number;
  /** Re-enter a live lease with the same requests (one more hold), or take a lease under this id. */
  leaseId?: string;
  /** Ids of leases the caller holds (at most 64): a waiter waiting for one of them does not hold this call back. */
  holding?: string[];
  /**
   * The call id sent with the call and every repeat of it (at most 64 bytes, no NUL;
   * default: 16 random hex digits per call). The same leaseId and callId run again answer
   * the same grant, never a second hold; the lease id will do as call id.
   */
  callId?: string;
  /**
   * How often the caller will renew the lease: 0 (the default: it does not say) or 10 ms
   * to ttlMs. Once such a lease has gone 1.5 periods without a renewal, a waiter it blocks
   * no longer holds back newer requests; the lease still excludes until it expires.
   */
  renewEveryMs?: number;
}

/** lock() says its watchdog's period (ttl/3, at least 10 ms) as renewEveryMs itself. */
export interface LockOptions extends Omit<AcquireOptions, 'renewEveryMs'> {
  /** Called when the watchdog finds the lease gone ("unknown", "expired"). */
  onLost?: (lease: Lease, status: LeaseStatus) => void;
}

export interface OperationOptions {
  owner?: string;
  /** Built-in policy profile: "fine" (the default, as the CLI's) or "seed". */
  profile?: 'seed' | 'fine';
  /** A policy of your own (Policy.fromJson); takes precedence over profile. */
  policy?: Policy;
  ttlMs?: number;
  waitMs?: number;
  leaseId?: string;
  holding?: string[];
  callId?: string;
  renewEveryMs?: number;
}

export interface ForceOptions {
  /** Required. */
  operator: string;
  /** Required. */
  reason: string;
  host?: string;
  /** Needed to revoke a live lease. */
  admin?: boolean;
  /** After revoking a live lease, keep its paths blocked this long (0 to 24 h). */
  lockDelayMs?: number;
}

export interface LeaseInfo {
  id: string;
  owner: string;
  op: string;
  requests: NormalRequest[];
  ttlMs: number;
  createdAtMs: number;
  expiresAtMs: number;
  fence: number;
  holds: number;
  revoked: boolean;
}

export interface WaiterInfo {
  /** The lease id the waiter asks for. */
  id: string;
  owner: string;
  op: string;
  requests: NormalRequest[];
  /** Server time of its first refusal, in µs. */
  sinceUs: number;
  lastAttemptMs: number;
  /** Its registration ends then unless it tries again. */
  untilMs: number;
  /** Whether it reserves its nodes (fairness). */
  holdsBack: boolean;
  blocker: Blocker;
}

export interface Snapshot {
  serverTimeMs: number;
  /** Every lease, expired-unreaped and revoked too, by (expiry, id). */
  leases: LeaseInfo[];
  /** Every live waiter, oldest first. */
  waiters: WaiterInfo[];
}

export class Client {
  /**
   * Connects to redis://[user:pass@]host:port[/db], unix:///path/redis.sock[?db=N],
   * redis+sentinel://s1:26379,s2:26379/mastername[/db] or redis+cluster://n1:7000,n2:7001.
   */
  static fromUrl(url: string, options?: ClientOptions): Promise<Client>;
  readonly project: string;
  readonly owner: string;
  /** The URL without its password. */
  readonly url: string;
  /** The function library this client speaks: "tl_<16 hex>". */
  readonly libraryName: string;
  /** Resolves to a Lease; rejects with Refused (the blocker), InvalidInput, ConnectionError... */
  acquire(options: AcquireOptions): Promise<Lease>;
  release(lease: Lease | string): Promise<{ status: LeaseStatus; remainingHolds: number }>;
  renew(lease: Lease | string, ttlMs?: number): Promise<{ status: LeaseStatus; expiresAtMs: number }>;
  forceRelease(lease: Lease | string, options: ForceOptions): Promise<{ status: LeaseStatus }>;
  /** Ends the waiter registered under an id; true if there was one. */
  cancelWait(lease: Lease | string): Promise<boolean>;
  snapshot(): Promise<Snapshot>;
  /** Redis TIME in ms. */
  serverTimeMs(): Promise<number>;
  /** Plans an operation with the policy as the C++ Policy::plan does, then acquires with op = the operation. */
  acquireOperation(operation: OperationName, paths: string[], options?: OperationOptions): Promise<Lease>;
  /**
   * Acquires, runs fn with a watchdog renewing every ttl/3 (the grant says so: its
   * renewEveryMs), releases when fn settles.
   */
  lock<T>(options: LockOptions, fn: (lease: Lease) => Promise<T> | T): Promise<T>;
  close(): Promise<void>;
}

export class Policy {
  static builtin(profile?: 'fine' | 'seed'): Policy;
  static fromJson(json: string | object): Policy;
  readonly name: string;
  readonly recycleBin: string;
  plan(operation: OperationName, args: string[]): NormalRequest[];
}

/** Base of every error of this package. */
export class TreelockError extends Error {}
/** Input that breaks a documented rule; the message is the C++ library's. */
export class InvalidInput extends TreelockError {}
export class InvalidPath extends InvalidInput {
  /** The input path, and a stable rule id: relative, empty, dot-segment, control-character, invalid-utf8, too-long, too-many-segments, empty-name, slash-in-name. */
  readonly path: string;
  readonly rule: string;
}
export class InvalidPolicy extends InvalidInput {}
/** Not granted: who is in the way. */
export class Refused extends TreelockError {
  readonly blocker: Blocker;
  /** The call waited (waitMs > 0) and the wait ran out. */
  readonly timedOut: boolean;
  readonly attempts: number;
}
/** A library function answered {-1, message}. */
export class ProtocolError extends TreelockError {
  readonly function: string;
  readonly reason: string;
}
/** Redis answered with an error (NOPERM, OOM, a library that cannot be loaded...). */
export class ScriptError extends TreelockError {}
/**
 * Redis unreachable, or a call's answer still lost when the failover timeout passed (the
 * message then ends "its outcome is unknown"); names the URL without its password.
 */
export class ConnectionError extends TreelockError {}
/** The server requires credentials that were not given (NOAUTH), or refused the ones given. */
export class AuthenticationError extends ConnectionError {}

export function normalizeRequests(requests: LockRequest[]): NormalRequest[];
export function canonicalPath(path: string): string;
export function canonicalName(name: string): string;
export function quoteInput(text: string | Buffer, maxBytes?: number): string;
export function operationNames(): OperationName[];
export function parseRedisUrl(url: string): object;
export function redactUrl(url: string): string;
/** The name of the bundled function library, "tl_<16 hex>". */
export function libraryName(): string;
