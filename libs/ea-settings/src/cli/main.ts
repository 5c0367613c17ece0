#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { runCli } from './run.js';

process.exitCode = runCli(process.argv.slice(2), {
  readFile: (path) => new Uint8Array(readFileSync(path)),
  writeFile: (path, bytes) => writeFileSync(path, bytes),
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
});
