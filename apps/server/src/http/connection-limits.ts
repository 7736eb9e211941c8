import type { FastifyServerFactory } from 'fastify';
import { createServer } from 'node:http';

export interface ConnectionLimits {
  /** The whole request (headers and body) must arrive within this; else 408 and close. */
  requestTimeoutMs: number;
  /** The headers must arrive within this. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold; 0 for no cap. */
  maxConnectionsPerIp: number;
}

/**
 * The HTTP server with slow clients cut off (decision 010): a body trickling in at a byte a
 * second, headers that never end, idle kept-alive sockets and a flood of connections from one
 * address each hold memory and a file descriptor. Node checks the request timeouts on an
 * interval; a short one makes the limits hold to within a second.
 */
export function limitedServerFactory(limits: ConnectionLimits): FastifyServerFactory {
  return (handler) => {
    const server = createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs / 2),
      },
      handler,
    );
    if (limits.maxConnectionsPerIp > 0) {
      const open = new Map<string, number>();
      server.on('connection', (socket) => {
        const ip = socket.remoteAddress ?? '';
        const count = (open.get(ip) ?? 0) + 1;
        if (count > limits.maxConnectionsPerIp) {
          socket.destroy();
          return;
        }
        open.set(ip, count);
        socket.once('close', () => {
          const left = (open.get(ip) ?? 1) - 1;
          if (left > 0) open.set(ip, left);
          else open.delete(ip);
        });
      });
    }
    return server;
  };
}
