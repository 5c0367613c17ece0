import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import express from 'express';
import { connectionDrain, type ConnectionDrain } from './drain.js';

/** A server whose /slow answers only when the test says so, behind the drain middleware. */
async function serve(): Promise<{ server: Server; port: number; drain: ConnectionDrain; release: () => void; arrived: Promise<void> }> {
  const drain = connectionDrain();
  let release: () => void = () => undefined;
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const app = express();
  app.use(drain.middleware);
  app.get('/slow', (_req, res) => {
    arrive();
    release = () => res.json({ ok: true });
  });
  app.get('/fast', (_req, res) => res.json({ ok: true }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, port: (server.address() as AddressInfo).port, drain, release: () => release(), arrived };
}

/** A raw keep-alive socket, to see exactly which answers arrive on it and whether it is closed. */
function rawSocket(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve) => {
    let data = '';
    const socket = connect(port, '127.0.0.1', () => resolve({ socket, received: () => data, closed }));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('data', (chunk) => (data += chunk.toString()));
  });
}
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`;

let current: Server | undefined;
afterEach(async () => {
  current?.closeAllConnections();
  await new Promise((resolve) => current?.close(resolve));
});

describe('graceful drain after SIGTERM', () => {
  it('answers the request in flight with Connection: close and serves nothing more on that socket', async () => {
    const { server, port, drain, release, arrived } = await serve();
    current = server;
    const client = await rawSocket(port);
    client.socket.write(get('/slow'));
    await arrived;
    drain.begin();
    client.socket.write(get('/fast')); // a busy keep-alive client's next request, already sent
    release();
    await client.closed;
    const answers = client.received().match(/HTTP\/1\.1 \d+/g) ?? [];
    expect(answers).toEqual(['HTTP/1.1 200']);
    expect(client.received()).toMatch(/^Connection: close/im);
  });

  it('refuses a request arriving on an idle kept-alive socket with 503 and closes it', async () => {
    const { server, port, drain } = await serve();
    current = server;
    const client = await rawSocket(port);
    client.socket.write(get('/fast'));
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (!client.received().includes('"ok":true')) return;
        clearInterval(poll);
        resolve();
      }, 5);
    });
    drain.begin();
    client.socket.write(get('/fast'));
    await client.closed;
    const answers = client.received().match(/HTTP\/1\.1 \d+/g) ?? [];
    expect(answers).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
    expect(client.received()).toContain('service_unavailable');
  });
});
