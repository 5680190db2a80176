/** Types of scripts/build-server.mjs for the TypeScript that imports it (scripts/ensure-build.ts). */
export declare const ROOT: string;
export declare const DIST: string;
export declare const ENTRIES: Record<'run' | 'web' | 'worker' | 'smpp' | 'migrate' | 'cli', string>;
export declare function serverBuildIsFresh(outdir?: string): boolean;
export declare function buildServer(outdir?: string): Promise<number>;
