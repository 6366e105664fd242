import { loadConfig } from '../config';
import { createContext } from '../start';
import { COMMANDS, consoleOutput } from './commands';

/**
 * `npm run ops -- <command> [arguments]`: the first word names the command, the rest is its own to read
 * (commands.ts, each by node:util parseArgs); a bad argument prints the command's usage and exits 1.
 */
async function main() {
  const [name = 'help', ...args] = process.argv.slice(2);
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command: ${name}. Try: npm run ops -- help`);
    process.exit(2);
  }
  if (name === 'help') return command.run(undefined as never, args, consoleOutput);
  const ctx = await createContext(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
  try {
    await command.run(ctx, args, consoleOutput);
  } finally {
    await ctx.db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
