import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The browser build's manifest (`.vite/manifest.json`): which chunk files a source module needs. Drawn pages list
 * their chunks to load after the first paint (ADR 023), and the CRM's pages name theirs as preloads (ADR 030).
 */
export class BuildManifest {
  private constructor(private readonly chunks: Record<string, ManifestChunk>) {}

  static async load(clientDir: string): Promise<BuildManifest> {
    return new BuildManifest(JSON.parse(await readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8')));
  }

  /** The chunk files of these modules and of everything they import statically, each once, in load order; the
   * entry (which the page loads anyway) left out. */
  chunksOf(modules: readonly string[]): string[] {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = this.chunk(key);
      if (!chunk || chunk.isEntry) return;
      for (const imported of chunk.imports ?? []) visit(imported);
      files.add(chunk.file);
    };
    for (const module of modules) visit(module);
    return [...files];
  }

  /** Modules the build does not know (a page renamed without updating a list): reported once at start. */
  unknownModules(modules: readonly string[]): string[] {
    return modules.filter((module) => !this.chunk(module));
  }

  /**
   * A module's chunk: the manifest keys a chunk by its source module when that module is loaded on demand from
   * one place, and by `_<name>-<hash>.js` when it is shared (the home page, which the settings preview reuses).
   */
  private chunk(key: string): ManifestChunk | undefined {
    const direct = this.chunks[key];
    if (direct) return direct;
    const name = basename(key).replace(/\.[jt]sx?$/, '');
    const shared = Object.entries(this.chunks).find(
      ([manifestKey, chunk]) => manifestKey.startsWith('_') && chunk.name === name,
    );
    return shared?.[1];
  }
}
