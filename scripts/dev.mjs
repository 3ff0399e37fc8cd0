#!/usr/bin/env node
// Development: the API with live reload on API_PORT (3001) and Vite with hot reload on PORT (3000), proxying /api.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
