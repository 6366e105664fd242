import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';

/** A SubmitStage1 that answered errorID 0: the applicant and the session it was given. */
export type Stage1Ack = { email: string; customerId: number; token: string; refreshToken: string };
/** An AcceptQuote that answered errorID 0. */
export type AcceptAck = { email: string; guid: string };

type Target = { url: string; epoch: number };
type Envelope = { error?: { errorID?: number; errorMessage?: string }; object?: unknown };
type Outcome = { kind: 'answer'; status: number; body: Envelope } | { kind: 'cut' };

const REQUEST_TIMEOUT_MS = 10_000;

/** The customer id a session is for: the access token's subject. */
const subjectOf = (jwt: string) => {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub?: string;
  };
  return Number(payload.sub);
};

/**
 * Applicants as a person's browser would drive them: SubmitStage1, GetQuote, AcceptQuote over HTTP,
 * each loop a new applicant after the last finished or was cut off. Only answers with errorID 0 are
 * recorded as acknowledged; a call that never got its answer (the server was killed under it) counts as
 * cut off. While the server is down the loops wait for the next one.
 */
export class Load {
  readonly stage1: Stage1Ack[] = [];
  readonly accepted: AcceptAck[] = [];
  /** Calls that got no answer because the server was killed while they were in flight. */
  cut = 0;
  /** Answers that were not success, and failures while the server was up: none is expected. */
  readonly unexpected: string[] = [];
  calls = 0;

  private target: Target | null = null;
  private waiting: Array<(t: Target | null) => void> = [];
  private stopped = false;
  private loops: Promise<void>[] = [];

  /** Lets the loops send to a server that answers at `url`. */
  open(url: string, epoch: number) {
    this.target = { url, epoch };
    for (const wake of this.waiting.splice(0)) wake(this.target);
  }

  /** Called before a kill: nothing new is sent, and what fails from now on was cut off by the kill. */
  close() {
    this.target = null;
  }

  start(applicants: number) {
    for (let i = 0; i < applicants; i++) this.loops.push(this.applicant());
  }

  /** Ends the loops (the server is already down, so in-flight calls have failed or will at once). */
  async stop() {
    this.stopped = true;
    this.target = null;
    for (const wake of this.waiting.splice(0)) wake(null);
    await Promise.all(this.loops);
  }

  private next(): Promise<Target | null> {
    if (this.stopped) return Promise.resolve(null);
    if (this.target) return Promise.resolve(this.target);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private async send(target: Target, method: 'GET' | 'POST', path: string, body?: object, token?: string) {
    this.calls += 1;
    try {
      const res = await fetch(`${target.url}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // The answer counts only once it has been read in full.
      const text = await res.text();
      return { kind: 'answer', status: res.status, body: JSON.parse(text) as Envelope } satisfies Outcome;
    } catch (err) {
      if (this.target?.epoch === target.epoch) {
        // The server this call went to is still up: a failure nothing explains.
        const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
        this.unexpected.push(
          `${method} ${path}: ${err instanceof Error ? err.message : String(err)}${cause}`,
        );
        return null;
      }
      this.cut += 1;
      return { kind: 'cut' } satisfies Outcome;
    }
  }

  /** The object of a successful answer, or null (recorded as unexpected unless the call was cut off). */
  private async success(target: Target, method: 'GET' | 'POST', path: string, body?: object, token?: string) {
    const outcome = await this.send(target, method, path, body, token);
    if (!outcome || outcome.kind === 'cut') return null;
    if (outcome.status !== 200 || outcome.body.error?.errorID !== 0) {
      this.unexpected.push(
        `${method} ${path}: HTTP ${outcome.status}, errorID ${outcome.body.error?.errorID} ` +
          `"${outcome.body.error?.errorMessage ?? ''}"`,
      );
      return null;
    }
    return outcome.body.object;
  }

  private async applicant() {
    for (;;) {
      const target = await this.next();
      if (!target) return;
      const payload = createStage1Payload();
      const tokens = (await this.success(target, 'POST', '/api/Register/SubmitStage1', payload)) as {
        token: string;
        refreshToken: string;
      } | null;
      if (!tokens) continue;
      this.stage1.push({
        email: payload.email,
        customerId: subjectOf(tokens.token),
        token: tokens.token,
        refreshToken: tokens.refreshToken,
      });

      const quote = (await this.success(
        target,
        'POST',
        '/api/Register/GetQuote',
        undefined,
        tokens.token,
      )) as {
        period: number;
        amount: number;
        repaymentDate: string;
        wageFrequencyID: number;
      } | null;
      if (!quote) continue;

      const request = {
        period: quote.period,
        amount: quote.amount,
        repaymentDate: quote.repaymentDate,
        wageFrequencyID: quote.wageFrequencyID,
      };
      const status = (await this.success(
        target,
        'POST',
        '/api/Register/AcceptQuote',
        request,
        tokens.token,
      )) as {
        appGuid: string;
      } | null;
      if (status) this.accepted.push({ email: payload.email, guid: status.appGuid });
    }
  }
}
