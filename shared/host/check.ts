// Tiny structural validators for host request payloads. Plain functions (no code
// generation), so they run under the renderer's CSP (no 'unsafe-eval') as well as in the
// main process and the web host. Each validator carries its TypeScript type, so a channel's
// request type is derived from the one validator that checks it.

/** One problem found in a payload: where (JSON pointer) and what. */
export interface Issue {
  /** JSON pointer to the offending value ("" is the whole payload). */
  pointer: string;
  message: string;
  /** Problems that block an action are errors; the rest are warnings. Default: error. */
  severity?: 'error' | 'warning';
  /** The cell concerned, when a problem is about one map cell ("col,row"). */
  cell?: string;
  /** The offending value, when worth showing. */
  value?: unknown;
}

export interface Check<T> {
  /** Appends problems found in `value` (at JSON pointer `at`) to `issues`. */
  readonly validate: (value: unknown, at: string, issues: Issue[]) => void;
  /**
   * What an absent payload stands for, when absence is allowed (an object whose fields
   * are all optional: calling `host.library.list()` means `list({})`).
   */
  readonly whenAbsent?: () => T;
  /** Phantom: only for type inference, never set. */
  readonly __type?: T;
}

export type Infer<C> = C extends Check<infer T> ? T : never;

function check<T>(validate: Check<T>['validate']): Check<T> {
  return { validate };
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}

function child(at: string, key: string | number): string {
  return `${at}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Runs a validator and returns every issue (empty when the value is acceptable). */
export function validate<T>(c: Check<T>, value: unknown): Issue[] {
  const issues: Issue[] = [];
  c.validate(value, '', issues);
  return issues;
}

export interface StringOptions {
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** Said in the message when the pattern fails, e.g. "letters, digits, - and _". */
  patternHint?: string;
}

export const v = {
  /** A request that carries nothing: `undefined`, `null` or `{}`. */
  none(): Check<void> {
    return check((value, at, issues) => {
      if (value === undefined || value === null) return;
      if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return;
      issues.push({ pointer: at, message: `expected no payload, got ${describe(value)}` });
    });
  },

  string(opts: StringOptions = {}): Check<string> {
    return check((value, at, issues) => {
      if (typeof value !== 'string') {
        issues.push({ pointer: at, message: `expected a string, got ${describe(value)}` });
        return;
      }
      if (opts.minLength !== undefined && value.length < opts.minLength)
        issues.push({ pointer: at, message: `must be at least ${opts.minLength} characters long` });
      if (opts.maxLength !== undefined && value.length > opts.maxLength)
        issues.push({ pointer: at, message: `must be at most ${opts.maxLength} characters long` });
      if (opts.pattern && !opts.pattern.test(value))
        issues.push({ pointer: at, message: `has the wrong form${opts.patternHint ? ` (${opts.patternHint})` : ''}` });
    });
  },

  number(opts: { min?: number; max?: number; integer?: boolean } = {}): Check<number> {
    return check((value, at, issues) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        issues.push({ pointer: at, message: `expected a number, got ${describe(value)}` });
        return;
      }
      if (opts.integer && !Number.isInteger(value)) issues.push({ pointer: at, message: 'must be a whole number' });
      if (opts.min !== undefined && value < opts.min) issues.push({ pointer: at, message: `must be at least ${opts.min}` });
      if (opts.max !== undefined && value > opts.max) issues.push({ pointer: at, message: `must be at most ${opts.max}` });
    });
  },

  boolean(): Check<boolean> {
    return check((value, at, issues) => {
      if (typeof value !== 'boolean') issues.push({ pointer: at, message: `expected true or false, got ${describe(value)}` });
    });
  },

  literal<const L extends string | number | boolean>(...allowed: L[]): Check<L> {
    return check((value, at, issues) => {
      if (!allowed.includes(value as L))
        issues.push({ pointer: at, message: `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}` });
    });
  },

  array<T>(item: Check<T>, opts: { maxItems?: number } = {}): Check<T[]> {
    return check((value, at, issues) => {
      if (!Array.isArray(value)) {
        issues.push({ pointer: at, message: `expected an array, got ${describe(value)}` });
        return;
      }
      if (opts.maxItems !== undefined && value.length > opts.maxItems)
        issues.push({ pointer: at, message: `must have at most ${opts.maxItems} items` });
      value.forEach((entry, i) => item.validate(entry, child(at, i), issues));
    });
  },

  /**
   * An object with known keys. Keys listed in `optional` may be absent (or undefined);
   * unknown keys are refused so a typo in a request never passes silently.
   */
  object<R extends Record<string, Check<unknown>>, O extends Record<string, Check<unknown>> = {}>(
    required: R,
    optional?: O,
  ): Check<{ [K in keyof R]: Infer<R[K]> } & { [K in keyof O]?: Infer<O[K]> }> {
    type T = { [K in keyof R]: Infer<R[K]> } & { [K in keyof O]?: Infer<O[K]> };
    const allOptional = Object.keys(required).length === 0;
    const c = check<T>((value, at, issues) => {
      if (value === undefined && allOptional) return;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        issues.push({ pointer: at, message: `expected an object, got ${describe(value)}` });
        return;
      }
      const record = value as Record<string, unknown>;
      for (const [key, c] of Object.entries(required)) {
        if (record[key] === undefined) issues.push({ pointer: child(at, key), message: 'is required' });
        else c.validate(record[key], child(at, key), issues);
      }
      for (const [key, c] of Object.entries(optional ?? {})) {
        if (record[key] !== undefined) c.validate(record[key], child(at, key), issues);
      }
      for (const key of Object.keys(record)) {
        if (!(key in required) && !(optional && key in optional))
          issues.push({ pointer: child(at, key), message: 'is not an accepted field' });
      }
    });
    return allOptional ? { ...c, whenAbsent: () => ({}) as T } : c;
  },

  /**
   * Any JSON object, checked no deeper here (e.g. a whole scenario, which the service
   * validates against the schema and reports with precise pointers).
   */
  jsonObject<T = Record<string, unknown>>(): Check<T> {
    return check((value, at, issues) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        issues.push({ pointer: at, message: `expected an object, got ${describe(value)}` });
    });
  },
};

/** Declares a response type only (responses come from our own services, not from users). */
export function returns<T>(): { readonly __type?: T } {
  return {};
}
