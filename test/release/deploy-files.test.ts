/**
 * The deployment files (deploy/), checked as data since no container engine or cluster runs here:
 * the Dockerfile's stages, user, health check and init; the compose topology (PostgreSQL, Redis,
 * migrations once, 2 API replicas with JOBS_WORKER=false, 1 worker, Prometheus scraping both
 * replicas); the Kubernetes manifests (probes on /health, preStop + terminationGracePeriodSeconds
 * matched to SHUTDOWN_TIMEOUT_MS, a PodDisruptionBudget selecting the API pods, non-root); and every
 * series the Grafana dashboard and the alert examples query is one a running server's /metrics has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { useTestServer } from '../helpers/server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

/** Manifests are checked field by field. */
type Any = any;

describe('deploy/Dockerfile', () => {
  const text = read('deploy/Dockerfile');
  const lines = text.split('\n').filter((l) => !l.trim().startsWith('#'));
  const stages = lines.filter((l) => /^FROM\s/.test(l));
  const finalStage = lines.slice(lines.lastIndexOf(stages[stages.length - 1] as string)).join('\n');

  it('is multi-stage and installs the release tarballs with npm', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/release:pack/);
    expect(text).toMatch(/npm install [^\n]*\.tgz/);
    expect(finalStage).not.toMatch(/pnpm|COPY \. \./);
  });

  it('runs as a non-root user under tini, with a HEALTHCHECK on /health and the server as its command', () => {
    const user = finalStage.match(/^USER\s+(\S+)/m)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/health/m);
    expect(finalStage).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/m);
    expect(finalStage).toMatch(/^CMD \["hx", "serve"\]/m);
    expect(finalStage).toMatch(/SHUTDOWN_TIMEOUT_MS=\d+/);
  });
});

describe('deploy/compose.yaml', () => {
  const compose: Any = parse(read('deploy/compose.yaml'), { merge: true });
  const services: Record<string, Any> = compose.services;
  const command = (s: Any) => (s.command ?? ['hx', 'serve']).join(' ');

  it('has PostgreSQL, Redis, one migration run, two API replicas that only enqueue, and one worker', () => {
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.redis.image).toMatch(/^redis:/);
    const apis = Object.entries(services).filter(([, s]) => s.image?.startsWith('hx:') && command(s) === 'hx serve');
    expect(apis.map(([name]) => name)).toHaveLength(2);
    for (const [, s] of apis) {
      expect(s.environment.JOBS_WORKER).toBe('false');
      expect(s.depends_on.migrate.condition).toBe('service_completed_successfully');
      expect(s.environment.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(s.environment.REDIS_URL).toBe('redis://redis:6379');
    }
    const workers = Object.values(services).filter((s) => command(s) === 'hx worker');
    expect(workers).toHaveLength(1);
    expect(workers[0].depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(command(services.migrate)).toBe('hx migrate');
    expect(services.migrate.restart).toBe('no');
  });

  it('gives each process more time to stop than its drain takes', () => {
    for (const s of Object.values(services).filter((s) => s.image?.startsWith('hx:'))) {
      const grace = Number(String(s.stop_grace_period).replace(/s$/, ''));
      expect(grace * 1000).toBeGreaterThan(Number(s.environment.SHUTDOWN_TIMEOUT_MS));
    }
  });

  it('has Prometheus scrape both API replicas', () => {
    const prometheus: Any = parse(read('deploy/prometheus/prometheus.yml'));
    const targets = prometheus.scrape_configs.flatMap((c: Any) => c.static_configs.flatMap((s: Any) => s.targets));
    expect(targets.sort()).toEqual(['api-1:8080', 'api-2:8080']);
    expect(services.prometheus.volumes.join(' ')).toMatch(/prometheus\.yml/);
  });
});

describe('deploy/k8s/hx.yaml', () => {
  const documents = parseAllDocuments(read('deploy/k8s/hx.yaml'));
  const manifests: Any[] = documents.map((d) => d.toJS());
  const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
  const config = find('ConfigMap', 'hx-config').data;
  const api = find('Deployment', 'hx-api');
  const worker = find('Deployment', 'hx-worker');

  it('parses as YAML, one Kubernetes object per document', () => {
    expect(documents.flatMap((d) => d.errors)).toEqual([]);
    for (const m of manifests) expect(m.apiVersion && m.kind && m.metadata?.name).toBeTruthy();
  });

  it('probes the API on /health and only runs jobs on the worker', () => {
    const container = api.spec.template.spec.containers[0];
    expect(container.readinessProbe.httpGet.path).toBe('/health');
    expect(container.livenessProbe.httpGet.path).toBe('/health');
    expect(container.env).toContainEqual({ name: 'JOBS_WORKER', value: 'false' });
    expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(worker.spec.template.spec.containers[0].args).toEqual(['hx', 'worker']);
    expect(find('Job', 'hx-migrate-0-1-0').spec.template.spec.containers[0].args).toEqual(['hx', 'migrate']);
  });

  it('matches preStop and terminationGracePeriodSeconds to the drain (SHUTDOWN_TIMEOUT_MS)', () => {
    const drainSeconds = Number(config.SHUTDOWN_TIMEOUT_MS) / 1000;
    const pod = api.spec.template.spec;
    const preStop = pod.containers[0].lifecycle.preStop.exec.command;
    expect(preStop[0]).toBe('sleep');
    const preStopSeconds = Number(preStop[1]);
    expect(preStopSeconds).toBeGreaterThan(0);
    // The pod is killed at the grace's end: the sleep and the whole drain must fit, with slack.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStopSeconds + drainSeconds + 5);
    expect(worker.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(drainSeconds + 5);
  });

  it('keeps an API pod through voluntary disruptions, and the Service reaches the API pods', () => {
    const labels = api.spec.template.metadata.labels;
    const pdb = find('PodDisruptionBudget', 'hx-api');
    expect(pdb.apiVersion).toBe('policy/v1');
    expect(pdb.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(pdb.spec.minAvailable).toBeLessThan(api.spec.replicas);
    expect(pdb.spec.selector.matchLabels).toEqual(labels);
    expect(find('Service', 'hx-api').spec.selector).toEqual(labels);
    expect(api.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('runs every pod as non-root with a read-only root file system', () => {
    const pods = manifests.filter((m) => m.spec?.template?.spec).map((m) => m.spec.template.spec);
    expect(pods.length).toBe(3);
    for (const pod of pods) {
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      for (const c of pod.containers) {
        expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
        expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      }
    }
  });
});

describe('deploy/grafana and deploy/prometheus/alerts.yml', () => {
  const server = useTestServer();
  const dashboard: Any = JSON.parse(read('deploy/grafana/hx-dashboard.json'));
  const alerts: Any = parse(read('deploy/prometheus/alerts.yml'));
  const expressions: string[] = [
    ...dashboard.panels.flatMap((p: Any) => p.targets.map((t: Any) => t.expr)),
    ...alerts.groups.flatMap((g: Any) => g.rules.map((r: Any) => r.expr)),
  ];

  it('query only series that /metrics exposes', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const exposed = new Set<string>();
    for (const m of metrics.matchAll(/^# TYPE (\S+) (\S+)/gm)) {
      const [, name, type] = m as unknown as [string, string, string];
      exposed.add(name);
      if (type === 'histogram') for (const s of ['_bucket', '_count', '_sum']) exposed.add(`${name}${s}`);
    }
    const used = new Set(
      expressions.flatMap((e) => [...e.matchAll(/\b((?:hx|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((name) => !exposed.has(name as string))).toEqual([]);
    expect(alerts.groups[0].rules.length).toBeGreaterThanOrEqual(3);
  });
});
