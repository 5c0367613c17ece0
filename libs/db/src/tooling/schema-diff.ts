import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { EmbeddedMigration } from '../migrations.js';

/**
 * Schema diffs without Prisma's native schema-engine binary (which cannot be downloaded here):
 * the same engine compiled to WebAssembly, driven through an in-memory PGlite. Dev tooling only.
 */
type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};
/** The slice of the WebAssembly global used here (the project's `lib` setting has no DOM types). */
interface WasmRuntime {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, unknown>) => { exports: Record<string, unknown> };
}
const wasmRuntime = (globalThis as unknown as { WebAssembly: WasmRuntime }).WebAssembly;

type Glue = Record<string, unknown> & {
  __wbg_set_wasm(exports: Record<string, unknown>): void;
  SchemaEngine: { new: (options: unknown, log: (message: string) => void, adapter: object) => Promise<Engine> };
};

let gluePromise: Promise<Glue> | undefined;

async function loadEngineGlue(): Promise<Glue> {
  // The package's entry imports the .wasm the way bundlers do; Node needs the glue wired by hand.
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = (await import(gluePath)) as Glue;
  const module = new wasmRuntime.Module(readFileSync(gluePath.replace(/\.js$/, '.wasm')));
  const instance = new wasmRuntime.Instance(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return glue;
}

/**
 * SQL that takes a database built by `migrations` to the state described by `schemaText`.
 * An empty string means the migrations and the schema agree (no drift).
 */
export async function diffMigrationsToSchema(migrations: readonly EmbeddedMigration[], schemaText: string): Promise<string> {
  gluePromise ??= loadEngineGlue();
  const glue = await gluePromise;
  const pglite = await PGlite.create();
  try {
    for (const migration of migrations) await pglite.exec(migration.sql);
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
    const engine = await glue.SchemaEngine.new({ datamodels: [['schema.prisma', schemaText]] }, () => undefined, adapter);
    try {
      const result = await engine.diff({
        from: { tag: 'schemaDatasource', files: [{ path: 'schema.prisma', content: schemaText }], configDir: '.' },
        to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schemaText }] },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      });
      return normalizeEmptyDiff(result.stdout ?? '');
    } finally {
      engine.free();
    }
  } finally {
    await pglite.close();
  }
}

function normalizeEmptyDiff(script: string): string {
  return /^\s*(-- This is an empty migration\.)?\s*$/.test(script) ? '' : script;
}
