import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { Health, type Operation } from '../openapi-operation.ts';

/** Deployment facts, liveness, readiness and this document. */

export const SYSTEM_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: C.API.config,
    summary: 'Deployment facts for the SPA (demo mode)',
    tag: 'System',
    access: 'public',
    responses: { 200: C.AppConfig },
  },
  {
    method: 'get',
    path: C.API.health,
    summary: 'Liveness: the process answers (no database access)',
    tag: 'System',
    access: 'public',
    responses: { 200: Health },
  },
  {
    method: 'get',
    path: C.API.ready,
    summary: 'Readiness: the database answers within a second and its migrations are current; else 503',
    tag: 'System',
    access: 'public',
    responses: { 200: Health, 503: C.DetailErrorBody },
  },
  {
    method: 'get',
    path: C.API.openapi,
    summary: 'This document',
    tag: 'System',
    access: 'public',
    responses: { 200: z.record(z.string(), z.unknown()) },
  },
];
