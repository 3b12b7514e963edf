/** Prometheus metrics: default process metrics plus an HTTP duration histogram by route template. */
import { BlockList, isIP } from 'node:net';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'hx_http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, httpDuration };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Which peers may read /metrics: `loopback`, `private`, `any`, or CIDRs (e.g. 10.1.0.0/16),
 * comma-separated. Uses the socket's address, never a forwarded header.
 */
export function createTrustedNetworks(spec: string): (address: string | undefined) => boolean {
  const parts = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.includes('any')) return () => true;
  const list = new BlockList();
  for (const part of parts) {
    if (part === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
    } else if (part === 'private') {
      list.addSubnet('10.0.0.0', 8, 'ipv4');
      list.addSubnet('172.16.0.0', 12, 'ipv4');
      list.addSubnet('192.168.0.0', 16, 'ipv4');
      list.addSubnet('fc00::', 7, 'ipv6');
      list.addSubnet('fe80::', 10, 'ipv6');
    } else {
      const [net, bits] = part.split('/');
      const family = isIP(net ?? '');
      if (!family) throw new Error(`METRICS_ALLOW: "${part}" is not loopback, private, any or a CIDR`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (bits) list.addSubnet(net!, Number(bits), type);
      else list.addAddress(net!, type);
    }
  }
  return (address) => {
    if (!address) return false;
    const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
    const family = isIP(mapped);
    if (!family) return false;
    return list.check(mapped, family === 4 ? 'ipv4' : 'ipv6');
  };
}
