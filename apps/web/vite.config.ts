import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets scripts/page-budgets.mjs weigh each page's initial JavaScript, and
    // scripts/prerender-landing.mjs give the pre-rendered landing its own small entry.
    manifest: true,
    rollupOptions: isSsrBuild
      ? undefined
      : { input: { index: 'index.html', 'landing-boot': 'src/landing-boot.ts' } },
  },
}));
