// Bundles the extension and vscode-languageclient into one file, as the VS Code docs
// recommend (fewer files to load; the package needs no node_modules).
import * as esbuild from "esbuild";

await esbuild.build({
  entryPoints: ["src/extension.ts"],
  bundle: true,
  outfile: "dist/extension.js",
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["vscode"],
  sourcemap: false,
  minify: true,
  logLevel: "warning",
});

// `node esbuild.mjs --tests`: the unit tests too, for `node --test` (not packaged).
if (process.argv.includes("--tests")) {
  await esbuild.build({
    entryPoints: ["src/find.test.ts"],
    bundle: true,
    outfile: "out/find.test.js",
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
}
