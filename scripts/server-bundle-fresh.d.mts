/** The types of scripts/server-bundle-fresh.mjs (plain JavaScript for `npm start`'s launcher). */
export declare const SERVER_BUNDLE_DIRNAME: string;
export declare const BUNDLED: { readonly server: 'server/server.ts'; readonly start: 'scripts/start.ts' };
export declare const RECIPE: readonly string[];
export declare const MANIFEST: string;
export declare function staleBecause(root: string, dir: string): string | null;
export declare function npmStartArgs(root: string): string[];
