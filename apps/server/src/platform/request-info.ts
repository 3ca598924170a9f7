/** What the guard and the audit rows read off a request: the client's address and the route's access. */
import type { FastifyRequest } from 'fastify';
import type { Access } from './context.ts';

export function clientIp(request: FastifyRequest): string {
  return request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
}

export function describeAccess(access: Access): string {
  return typeof access === 'string' ? access : access.permission;
}
