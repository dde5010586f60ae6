import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL server (Debian's own binaries) for the tests of the shared store: its
 * own data directory under the system temp directory, reached only through a Unix socket there,
 * so that no port is taken and two runs never meet. PostgreSQL refuses to run as root; as root
 * the server runs as the `postgres` account the Debian package creates (docs/testbed.md).
 */
export interface PostgresServer {
  /** A connection string for the `postgres` database, as the superuser `nimbus`. */
  readonly url: string;
  stop(): void;
}

/** A server that also listens on loopback TCP and takes only TLS connections there. */
export interface PostgresTlsOptions {
  /** PEM certificate and key the server presents (e.g. testing/loopback-tls.ts, for 127.0.0.1). */
  cert: string;
  key: string;
  /** The loopback port (testing/free-port.ts). */
  port: number;
}

/**
 * A server that also listens on TCP at an address other machines reach (e.g. the test bed's node
 * address, for pods) and takes the superuser's password there (SCRAM), as a real deployment would.
 */
export interface PostgresAddressOptions {
  host: string;
  port: number;
  password: string;
}

type Listen =
  | { kind: 'socket' }
  | ({ kind: 'tls' } & PostgresTlsOptions)
  | ({ kind: 'address' } & PostgresAddressOptions);

const dirPrefix = 'nimbus-pg-';
const ownerFile = 'owner.pid';
/** The socket's port number is only part of its file name: nothing listens on TCP. */
const socketPort = 5432;

function binDir(): string {
  const fromEnv = process.env.NIMBUS_POSTGRES_BIN;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error('PostgreSQL is not installed: run hack/install-deps.sh (Debian postgresql)');
  }
  return join(root, newest, 'bin');
}

interface RunAs {
  uid: number | undefined;
  gid: number | undefined;
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return { uid: undefined, gid: undefined };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(command: string, args: string[], as: RunAs): void {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    ...(as.uid === undefined ? {} : { uid: as.uid, gid: as.gid }),
    // Runs from a directory the postgres account may enter (the caller's may be private).
    cwd: '/',
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`${command} failed: ${result.error?.message ?? ''}${result.stderr}`);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the servers of earlier runs that were killed before they could stop their own. */
function stopOrphans(bin: string, as: RunAs): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(dirPrefix)) continue;
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, ownerFile), 'utf8'));
    } catch {
      // A directory without an owner is one being set up right now, or empty: left alone.
      continue;
    }
    if (processAlive(owner)) continue;
    stopServer(bin, dir, as);
  }
}

function stopServer(bin: string, dir: string, as: RunAs): void {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], as);
    } catch {
      // Already gone: its pid file outlived it.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The server's certificate and key, readable by the server only (PostgreSQL refuses a key
 * others can read), and an access file that lets loopback TCP in over TLS alone.
 */
function writeTls(data: string, tls: PostgresTlsOptions, as: RunAs): string[] {
  const files = { 'server.crt': tls.cert, 'server.key': tls.key };
  for (const [name, content] of Object.entries(files)) {
    writeOwned(join(data, name), content, as);
  }
  writeOwned(
    join(data, 'pg_hba.conf'),
    'local all all trust\nhostssl all all 127.0.0.1/32 trust\n',
    as,
  );
  return [`-c listen_addresses=127.0.0.1`, '-c ssl=on'];
}

/** A file only the server's account reads (PostgreSQL refuses a key others can read). */
function writeOwned(file: string, content: string, as: RunAs): void {
  writeFileSync(file, content, { mode: 0o600 });
  if (as.uid !== undefined && as.gid !== undefined) chownSync(file, as.uid, as.gid);
}

/** TCP on the address for any client that knows the password; the socket stays trusted. */
function writeAddress(data: string, address: PostgresAddressOptions, as: RunAs): string[] {
  writeOwned(
    join(data, 'pg_hba.conf'),
    'local all all trust\nhost all all 0.0.0.0/0 scram-sha-256\n',
    as,
  );
  return [`-c listen_addresses=${address.host}`, "-c password_encryption='scram-sha-256'"];
}

function listenSettings(data: string, listen: Listen, as: RunAs): string[] {
  switch (listen.kind) {
    case 'socket':
      return [`-c listen_addresses=''`, `-p ${socketPort}`];
    case 'tls':
      return [...writeTls(data, listen, as), `-p ${listen.port}`];
    case 'address':
      return [...writeAddress(data, listen, as), `-p ${listen.port}`];
  }
}

/** Starts a server (about 2 s); the caller stops it. */
export function startPostgres(tls?: PostgresTlsOptions): PostgresServer {
  return start(tls ? { kind: 'tls', ...tls } : { kind: 'socket' });
}

/**
 * Starts a server that also takes the superuser `nimbus` with `password` over TCP at the address;
 * `url` stays the trusted socket, `addressUrl` is what a client elsewhere uses.
 */
export function startPostgresOnAddress(
  address: PostgresAddressOptions,
): PostgresServer & { addressUrl: string } {
  const server = start({ kind: 'address', ...address });
  const url = new URL('postgresql://localhost/postgres');
  url.username = 'nimbus';
  url.password = address.password;
  url.hostname = address.host;
  url.port = String(address.port);
  return { ...server, addressUrl: url.toString() };
}

function start(listen: Listen): PostgresServer {
  const bin = binDir();
  const as = runAs();
  stopOrphans(bin, as);
  const dir = mkdtempSync(join(tmpdir(), dirPrefix));
  if (as.uid !== undefined && as.gid !== undefined) chownSync(dir, as.uid, as.gid);
  const data = join(dir, 'data');
  try {
    const password: string[] = [];
    if (listen.kind === 'address') {
      const file = join(dir, 'password');
      writeOwned(file, `${listen.password}\n`, as);
      password.push(`--pwfile=${file}`);
    }
    run(
      join(bin, 'initdb'),
      [
        ...['-D', data, '-U', 'nimbus', '--auth=trust', '-E', 'UTF8'],
        ...['--no-sync', '--no-instructions', ...password],
      ],
      as,
    );
    // Durability is not under test here: a test database that loses its last writes on a
    // power cut costs nothing, and fsync on this machine's disk costs seconds per suite.
    const settings = [
      ...listenSettings(data, listen, as),
      `-c unix_socket_directories='${dir}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    run(
      join(bin, 'pg_ctl'),
      ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start'],
      as,
    );
  } catch (error) {
    stopServer(bin, dir, as);
    throw error;
  }
  writeFileSync(join(dir, ownerFile), String(process.pid));
  const port = listen.kind === 'socket' ? socketPort : listen.port;
  return {
    url: `postgresql://nimbus@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    stop: () => stopServer(bin, dir, as),
  };
}
