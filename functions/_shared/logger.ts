/**
 * A minimal structured (JSON lines) logger for the edge. Never logs request
 * bodies or API keys. `LOG_LEVEL` (debug|info|warn|error|silent) is read once.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = keyof typeof LEVELS;

const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
const threshold = LEVELS[(configured in LEVELS ? configured : 'info') as Level];

function write(level: Exclude<Level, 'silent'>, message: string, fields?: Record<string, unknown>): void {
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

/** The shared logger. */
export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
