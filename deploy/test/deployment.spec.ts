// compose.yaml, its HAProxy config and the Kubernetes manifests, read against the app itself: every setting
// they name must be one the app reads (libs/core/src/config.ts), every command a role of the image's entrypoint,
// every health path and front door answered 200 by the role it is sent to (the built bundles, started here
// on 127.0.0.1), every port the image's. `haproxy -c` checks the proxy config; `kubectl kustomize` renders
// the overlays (the base files are read as they are when it is missing).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import {
  appSettings,
  ensureCommand,
  entrypointRoles,
  FRONT_DOORS,
  http,
  imagePort,
  isServingRole,
  read,
  ROOT,
  SERVING_ROLES,
  startRole,
  type RunningRole,
  type ServingRole,
} from './support.js';

const SETTINGS = appSettings();
const ROLES = entrypointRoles();
const PORT = imagePort();
const running = new Map<ServingRole, RunningRole>();

beforeAll(async () => {
  for (const role of await Promise.all(SERVING_ROLES.map(startRole))) running.set(role.role, role);
  // A guard against a start that hangs, not a budget: each role is waited on until it answers or exits.
}, 900_000);
afterAll(async () => {
  await Promise.all([...running.values()].map((role) => role.stop()));
});

/** Each path answered 200 by the role. */
async function answered(role: ServingRole, paths: Iterable<string>) {
  const server = running.get(role);
  if (!server) throw new Error(`${role} is not running`);
  const results: Record<string, number> = {};
  for (const path of paths) results[path] = (await http(server.port, path)).status;
  return results;
}

/** What the role answers to the front door with this prefix (FRONT_DOORS). */
async function servesFrontDoor(role: ServingRole, prefix: string) {
  const door = FRONT_DOORS.find((d) => d.prefix === prefix);
  if (!door) throw new Error(`no front door ${prefix}`);
  const server = running.get(role);
  if (!server) throw new Error(`${role} is not running`);
  return { what: door.what, status: (await door.ask(server.port)).status };
}

describe('what the files are checked against', () => {
  it('reads the settings, roles and port from the app and the image', () => {
    expect([...SETTINGS]).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'DATA_DIR', 'SHUTDOWN_GRACE_MS']));
    expect(ROLES).toEqual(['server', 'rest-api', 'mcp-server', 'dashboard-api', 'migrate', 'keys', 'users', 'fx']);
    expect(PORT).toBe(3000);
  });
});

// ---------------------------------------------------------------- compose
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  deploy?: { replicas?: string | number };
  volumes?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
const services = Object.entries(compose.services);
const appServices = services.filter(([, s]) => s.build !== undefined || (s.image ?? '').includes('PROPFOLIO_IMAGE'));
const roleOf = (service: ComposeService) => service.command?.[0] ?? 'server';
/** The default of `${NAME:-default}` (or the text itself). */
const interpolated = (value: string | number | undefined) => String(value ?? '').replace(/\$\{\w+:-([^}]*)\}/g, '$1');

describe('compose.yaml', () => {
  it('runs every app service as a role of the entrypoint, with only settings the app reads', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['dashboard-api', 'mcp-server', 'migrate', 'rest-api', 'web']);
    for (const [name, service] of appServices) {
      expect({ name, role: roleOf(service), known: ROLES.includes(roleOf(service)) }).toEqual({ name, role: roleOf(service), known: true });
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !SETTINGS.has(key));
      expect({ name, unknown }).toEqual({ name, unknown: [] });
    }
  });

  it('runs migrate once before the apps, and REST and MCP with replicas', () => {
    expect(compose.services.migrate?.command).toEqual(['migrate']);
    expect(compose.services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const [name, service] of appServices.filter(([n]) => n !== 'migrate')) {
      expect({ name, migrate: service.depends_on?.migrate?.condition }).toEqual({ name, migrate: 'service_completed_successfully' });
    }
    for (const name of ['rest-api', 'mcp-server'])
      expect(Number(interpolated(compose.services[name]?.deploy?.replicas))).toBeGreaterThanOrEqual(2);
    expect(compose.services.postgres?.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^pgdata:/)]));
    expect(Object.keys(compose.volumes ?? {})).toContain('pgdata');
  });

  it('has a health check on every long-running service, and each app health path answers 200', async () => {
    for (const [name, service] of services.filter(([n]) => n !== 'migrate')) {
      expect({ name, healthcheck: (service.healthcheck?.test?.length ?? 0) > 1 }).toEqual({ name, healthcheck: true });
    }
    for (const [name, service] of appServices.filter(([n]) => n !== 'migrate')) {
      const urls = [...(service.healthcheck?.test ?? []).join(' ').matchAll(/http:\/\/127\.0\.0\.1:(\d+)(\/[\w/-]*)/g)];
      expect({ name, urls: urls.length }).toEqual({ name, urls: 1 });
      const [, port, path] = urls[0] ?? [];
      expect({ name, port: Number(port) }).toEqual({ name, port: PORT });
      const role = roleOf(service);
      if (!isServingRole(role)) throw new Error(`${name} runs ${role}, which serves nothing to check`);
      expect({ name, answers: await answered(role, [path ?? '']) }).toEqual({ name, answers: { [path ?? '']: 200 } });
    }
  });

  it('takes every setting from .env: deploy/.env.example names each variable compose.yaml uses, and only those', () => {
    const used = new Set([...read('compose.yaml').matchAll(/\$\{(\w+)/g)].map((m) => m[1] ?? ''));
    const example = read('deploy/.env.example')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    expect([...used].filter((name) => !example.includes(name))).toEqual([]);
    expect(example.filter((name) => !used.has(name))).toEqual([]);
  });
});

// ---------------------------------------------------------------- HAProxy
const haproxyCfg = read('deploy/compose/haproxy.cfg');

describe('deploy/compose/haproxy.cfg', () => {
  const backends = new Map(
    [...haproxyCfg.matchAll(/^backend (\S+)\n((?:[ \t]+.*\n?)*)/gm)].map((m) => {
      const target = /server-template \S+ \d+ ([\w-]+):(\d+)/.exec(m[2] ?? '');
      return [m[1] ?? '', { service: target?.[1] ?? '', port: Number(target?.[2]) }];
    }),
  );
  const acl = new Map([...haproxyCfg.matchAll(/^\s+acl (\S+) path (\S+) or path_beg (\S+)/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));
  const routes = new Map<string, string>(
    [...haproxyCfg.matchAll(/^\s+use_backend (\S+) if (\S+)/gm)].map((m) => [acl.get(m[2] ?? '') ?? '', m[1] ?? '']),
  );
  routes.set('/', /^\s+default_backend (\S+)/m.exec(haproxyCfg)?.[1] ?? '');

  it('routes /api, /mcp, /app and / to compose services whose role answers that front door', async () => {
    expect([...routes.keys()].sort()).toEqual(['/', '/api', '/app', '/mcp']);
    for (const [prefix, backend] of routes) {
      const target = backends.get(backend);
      const service = compose.services[target?.service ?? ''];
      expect({ prefix, backend, service: target?.service, port: target?.port, exists: service !== undefined }).toEqual({
        prefix,
        backend,
        service: target?.service,
        port: PORT,
        exists: true,
      });
      const role = roleOf(service ?? {});
      if (!isServingRole(role)) throw new Error(`${prefix} goes to ${role}, which serves nothing`);
      const answer = await servesFrontDoor(role, prefix);
      expect({ prefix, role, ...answer }).toEqual({ prefix, role, what: answer.what, status: 200 });
    }
  });

  it("checks each server's health on a path every role answers", async () => {
    const path = /option httpchk GET (\S+)/.exec(haproxyCfg)?.[1] ?? '';
    for (const role of SERVING_ROLES) expect({ role, answers: await answered(role, [path]) }).toEqual({ role, answers: { [path]: 200 } });
  });

  it('passes haproxy -c', () => {
    const haproxy = ensureCommand('haproxy', 'haproxy');
    if (!haproxy) {
      console.warn('SKIPPED haproxy -c: haproxy is not installed and could not be installed (apt-get install haproxy)');
      return;
    }
    const check = spawnSync(haproxy, ['-c', '-f', join(ROOT, 'deploy/compose/haproxy.cfg')], { encoding: 'utf8' });
    expect({ status: check.status, output: check.status === 0 ? '' : check.stderr + check.stdout }).toEqual({ status: 0, output: '' });
  });
});

// ---------------------------------------------------------------- Kubernetes
interface Container {
  name: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: { cpu?: string; memory?: string } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface PodSpec {
  containers: Container[];
  restartPolicy?: string;
  securityContext?: { runAsNonRoot?: boolean };
}
interface K8sObject {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    strategy?: { type?: string };
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
    ports?: { name?: string; targetPort?: string | number }[];
    rules?: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
  };
}

const K8S = 'deploy/k8s';
const overlays = readdirSync(join(ROOT, K8S, 'overlays')).filter((name) =>
  existsSync(join(ROOT, K8S, 'overlays', name, 'kustomization.yaml')),
);
const kubectl = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim();
const kustomize = spawnSync('sh', ['-c', 'command -v kustomize'], { encoding: 'utf8' }).stdout.trim();

/** The objects of a kustomization: rendered by kubectl kustomize (or kustomize build), else the base's files as they are. */
function render(dir: string): K8sObject[] {
  const text = kubectl
    ? spawnSync(kubectl, ['kustomize', join(ROOT, dir)], { encoding: 'utf8' })
    : kustomize
      ? spawnSync(kustomize, ['build', join(ROOT, dir)], { encoding: 'utf8' })
      : null;
  if (text) {
    if (text.status !== 0) throw new Error(`rendering ${dir} failed: ${text.stderr}`);
    return parseAllDocuments(text.stdout).map((doc) => doc.toJS() as K8sObject);
  }
  if (!dir.endsWith('base')) return [];
  const kustomization = parse(read(`${dir}/kustomization.yaml`)) as { resources: string[] };
  return kustomization.resources.flatMap((file) => parseAllDocuments(read(`${dir}/${file}`)).map((doc) => doc.toJS() as K8sObject));
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

describe.each([`${K8S}/base`, ...overlays.map((name) => `${K8S}/overlays/${name}`)])('%s', (dir) => {
  const objects = render(dir);
  const kindOf = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = kindOf('Deployment');
  const jobs = kindOf('Job');
  const configMaps = new Map(kindOf('ConfigMap').map((c) => [c.metadata.name, c.data ?? {}]));
  const podsOf = [...deployments, ...jobs];

  if (objects.length === 0) {
    it('is rendered by kustomize (not installed: only the base is read)', () => {
      console.warn(`SKIPPED ${dir}: neither kubectl nor kustomize is installed to render it`);
    });
    return;
  }

  it('has a Deployment per serving role and a migrate Job, each running a role of the entrypoint', () => {
    const roles = deployments.map((d) => d.spec?.template?.spec.containers[0]?.args?.[0]).sort();
    expect(roles).toEqual([...SERVING_ROLES].sort());
    expect(jobs.map((j) => j.spec?.template?.spec.containers[0]?.args)).toEqual([['migrate']]);
    expect(jobs[0]?.spec?.template?.spec.restartPolicy).toBe('Never');
    for (const o of podsOf) for (const c of o.spec?.template?.spec.containers ?? []) expect(ROLES).toContain(c.args?.[0]);
  });

  it('names only settings the app reads (env, ConfigMaps, Secret keys), and ships no Secret', () => {
    expect(kindOf('Secret')).toEqual([]);
    for (const o of podsOf) {
      for (const c of o.spec?.template?.spec.containers ?? []) {
        const names = [
          ...(c.env ?? []).map((e) => e.name),
          ...(c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [e.valueFrom.secretKeyRef.key] : [])),
          ...(c.envFrom ?? []).flatMap((from) => {
            const name = from.configMapRef?.name ?? '';
            const data = configMaps.get(name);
            if (!data) throw new Error(`${o.metadata.name} reads ConfigMap ${name}, which the manifests do not have`);
            return Object.keys(data);
          }),
        ];
        expect({ object: o.metadata.name, unknown: names.filter((n) => !SETTINGS.has(n)) }).toEqual({
          object: o.metadata.name,
          unknown: [],
        });
      }
      expect(o.spec?.template?.spec.securityContext?.runAsNonRoot).toBe(true);
    }
  });

  it('probes readiness on /readyz, liveness on /healthz, has a startup probe, requests, rolling updates and a PDB', async () => {
    const pdbs = kindOf('PodDisruptionBudget');
    for (const d of deployments) {
      const name = d.metadata.name;
      const c = d.spec?.template?.spec.containers[0];
      const role = c?.args?.[0] ?? '';
      expect({
        name,
        readiness: c?.readinessProbe?.httpGet?.path,
        liveness: c?.livenessProbe?.httpGet?.path,
        startup: c?.startupProbe?.httpGet?.path !== undefined,
        port: c?.ports?.find((p) => p.name === c.readinessProbe?.httpGet?.port)?.containerPort,
        requests: Boolean(c?.resources?.requests?.cpu && c.resources.requests.memory),
        strategy: d.spec?.strategy?.type,
        pdb: pdbs.some((p) => matches(p.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels)),
      }).toEqual({
        name,
        readiness: '/readyz',
        liveness: '/healthz',
        startup: true,
        port: PORT,
        requests: true,
        strategy: 'RollingUpdate',
        pdb: true,
      });
      if (!isServingRole(role)) throw new Error(`${name} runs ${role}, which serves nothing`);
      const paths = [c?.readinessProbe, c?.livenessProbe, c?.startupProbe].map((p) => p?.httpGet?.path ?? '');
      expect({ name, answers: await answered(role, new Set(paths)) }).toEqual({
        name,
        answers: Object.fromEntries(paths.map((p) => [p, 200])),
      });
    }
  });

  it('routes /api, /mcp, /app and / through Services to the role that answers each front door', async () => {
    const services = new Map(kindOf('Service').map((s) => [s.metadata.name, s]));
    const paths = kindOf('Ingress').flatMap((i) => i.spec?.rules?.flatMap((r) => r.http.paths) ?? []);
    expect(paths.map((p) => p.path).sort()).toEqual(['/', '/api', '/app', '/mcp']);
    for (const path of paths) {
      const service = services.get(path.backend.service.name);
      const deployment = deployments.find((d) => matches(service?.spec?.selector, d.spec?.template?.metadata?.labels));
      const container = deployment?.spec?.template?.spec.containers[0];
      expect({
        path: path.path,
        service: service?.metadata.name,
        targetPort: container?.ports?.find((p) => p.name === service?.spec?.ports?.[0]?.targetPort)?.containerPort,
      }).toEqual({
        path: path.path,
        service: path.backend.service.name,
        targetPort: PORT,
      });
      const role = container?.args?.[0] ?? '';
      if (!isServingRole(role)) throw new Error(`${path.path} goes to ${role}, which serves nothing`);
      const answer = await servesFrontDoor(role, path.path);
      expect({ path: path.path, role, ...answer }).toEqual({ path: path.path, role, what: answer.what, status: 200 });
    }
  });
});
