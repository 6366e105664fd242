import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * A request's logger that becomes pino's child (with the request id) only when the request first writes
 * a line at an enabled level. Fastify makes a child for every request, and pino at once serialises its
 * bindings through every redaction path: a tenth of a small call's time, for a logger that most requests
 * never write to at level warn (bench/README.md). The lines themselves, redaction included, are pino's.
 */
class RequestLogger {
  #child: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  #real(): Logger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  #write(level: Level, args: unknown[]) {
    if (!(this.#child ?? this.parent).isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a route with its own level or serialisers gets pino's child at once. */
export const requestLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  const parent = logger as unknown as Logger;
  if (options.level !== undefined || options.serializers !== undefined)
    return parent.child(bindings, options);
  return new RequestLogger(parent, bindings) as unknown as FastifyBaseLogger;
};
