import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

type PluginContext = ThisParameterType<Extract<Plugin['load'], (...args: never[]) => unknown>>;

/** A file of the contract package, by its path inside `packages/contract/src`. */
export const contractFile = (path: string) =>
  fileURLToPath(new URL(`../../../packages/contract/src/${path}`, import.meta.url));

/**
 * Loads a contract module through Vite's module runner (it is TypeScript, which Node 20 cannot import) and
 * watches every file it read: in the dev server an edit to the contract remakes the data built from it.
 */
export async function loadContractModule<T>(ctx: PluginContext, file: string): Promise<T> {
  const { module, dependencies } = await runnerImport<T>(file, {
    configFile: false,
    envFile: false,
    logLevel: 'error',
  });
  for (const dep of dependencies) ctx.addWatchFile(dep);
  return module;
}

/** A module's source exporting each value as a constant. */
export const exportConsts = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
