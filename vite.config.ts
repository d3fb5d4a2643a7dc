import path from 'node:path';
import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const root = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The server's bundle (`vite build --ssr`, the storefront rendered on the server) needs no copy of public/.
  publicDir: isSsrBuild ? false : path.resolve(import.meta.dirname, 'public'),
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text file of dist/web, the bundle's and those copied from
    // public/ (catalogue SVGs, favicon), written beside it (x.js.br, x.js.gz) and only when smaller.
    // The server sends them as they are (@fastify/static's preCompressed, see app.ts), so they are
    // squeezed as hard as the formats allow: here it costs seconds once, per request it would cost
    // every time. Source maps are left out (only developer tools fetch them, and the server
    // compresses those on the fly), and so is Vite's manifest, which only the build reads. Not in
    // the server bundle's build (--ssr): the server reads that from disk and never sends it.
    {
      ...compression({
        include: /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
        exclude: /(?:^|[\\/])\.vite[\\/]/,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
        ],
        skipIfLargerOrEqual: true,
        // Not a line per file (hundreds, with the catalogue's images). Silent also keeps the plugin's
        // errors to itself, so scripts/bundle-report.ts checks that the copies are there.
        logLevel: 'silent',
      }),
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    },
  ],
  build: isSsrBuild
    ? {
        // src/web/entry-server.tsx, imported by src/server/render/storefront.ts; packages stay in node_modules.
        outDir: path.resolve(import.meta.dirname, 'dist/ssr'),
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { input: path.resolve(root, 'entry-server.tsx') },
      }
    : {
        outDir: path.resolve(import.meta.dirname, 'dist/web'),
        emptyOutDir: true,
        sourcemap: true,
        // .vite/manifest.json: chunks and their imports, for scripts/bundle-report.ts and the server's page preloads
        manifest: true,
        chunkSizeWarningLimit: 250,
        rollupOptions: {
          output: {
            // React (with its JSX runtime) in one chunk of its own: left to itself, a small shared
            // module that imports react but no JSX split it in two, with a runtime chunk beside them.
            codeSplitting: { groups: [{ name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/ }] },
          },
        },
      },
  server: {
    port: 5173,
    // The API and uploaded images come from the server (npm run dev starts both). The browser's Host
    // header is passed on as it is (Vite's shorthand would rewrite it to the server's), so a signed-in
    // change from this page passes the server's same-origin check: Origin and Host both say :5173.
    proxy: Object.fromEntries(
      ['/api', '/media'].map((prefix) => [prefix, { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false }]),
    ),
  },
}));
