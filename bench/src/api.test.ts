import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atFixedRate, poolFixedRate, rateHeld, type FixedRateFigure } from './api';

let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const figure = (server: number, requests: number, extra: Partial<FixedRateFigure> = {}): FixedRateFigure => ({
  targetRps: 1000,
  answeredRps: 1000,
  requests,
  non2xx: 0,
  errors: 0,
  cpuMsPerRequest: { server, loadGenerator: 0.04 },
  ...extra,
});

describe('CPU per request at a fixed rate', () => {
  it('divides the CPU the server used in the window by the requests answered, at the rate asked', async () => {
    // A server that used 0.5 s of CPU between the two readings of its /proc figure.
    const readings = [12.0, 12.5];
    const f = await atFixedRate(
      { cpuSeconds: () => readings.shift()! },
      { url, connections: 10, timeout: 5 },
      { rps: 200, seconds: 1 },
    );
    // One second at 200 a second: one burst, or two when the next second's starts before the end.
    expect(f.requests).toBeGreaterThanOrEqual(190);
    expect(f.requests).toBeLessThanOrEqual(410);
    expect(f.cpuMsPerRequest.server).toBeCloseTo(500 / f.requests, 3);
    expect(f.cpuMsPerRequest.loadGenerator).toBeGreaterThan(0);
    expect(f).toMatchObject({ targetRps: 200, non2xx: 0, errors: 0 });
    expect(rateHeld(f)).toBe(true);
  }, 15_000);

  it("pools the bare route's runs as all their CPU over all their requests", () => {
    const pooled = poolFixedRate([figure(0.04, 5000), figure(0.07, 15_000, { answeredRps: 990, non2xx: 1 })]);
    // (0.04 x 5,000 + 0.07 x 15,000) / 20,000 = 0.0625 ms, kept to the µs.
    expect(pooled.cpuMsPerRequest.server).toBe(0.063);
    expect(pooled).toMatchObject({ requests: 20_000, answeredRps: 990, non2xx: 1 });
  });

  it('counts a rate as held down to 95% of the target, not below', () => {
    expect(rateHeld(figure(0.04, 5000, { answeredRps: 950 }))).toBe(true);
    expect(rateHeld(figure(0.04, 5000, { answeredRps: 949 }))).toBe(false);
  });
});
