/** Tables of system administration: operators, roles, resources, sessions, logs, IP lists, settings. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  cidr,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { OPERATION_SHARDS } from '../../platform/audit.schema.ts';

/** A timestamp with time zone read as a Date (every module's tables use it). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  /** Bound authenticator secret, AES-256-GCM encrypted with a key kept outside the database. */
  totpSecretEnc: text('totp_secret_enc'),
  /** Secret shown as a QR and waiting for its first valid code. */
  totpPendingEnc: text('totp_pending_enc'),
  /** Last accepted 30 s step: a code works once (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpFailures: integer('totp_failures').notNull().default(0),
  totpLockedUntil: ts('totp_locked_until'),
  passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
  /** Set when an administrator chose the password (create, reset): the operator must change it first. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const operatorRoles = pgTable(
  'operator_roles',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.roleId] }), index('operator_roles_role_idx').on(t.roleId)],
);

/** The catalogue of permissions (pages and actions), numbered for the resource list. */
export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  permission: text('permission').notNull().unique(),
  kind: text('kind', { enum: ['page', 'action'] }).notNull(),
  page: text('page').notNull(),
  needsCode: boolean('needs_code').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const roleResources = pgTable(
  'role_resources',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.resourceId] }),
    // Every request's permission check (sessions.ts) goes from the resource to the roles that have
    // it: without this index each one read the whole table (a hash join over every grant).
    index('role_resources_resource_idx').on(t.resourceId, t.roleId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of the HttpOnly cookie value the token is bound to. */
    cookieHash: text('cookie_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    unmaskedAt: ts('unmasked_at'),
    /** Personal data shows in clear until then (UNMASK_MINUTES after the unmask); null = masked. */
    unmaskedUntil: ts('unmasked_until'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_operator_open_idx').on(t.operatorId).where(sql`ended_at IS NULL`),
  ],
);

/** One-time nonces for password transport encryption. */
export const authNonces = pgTable(
  'auth_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  // The clean-up job deletes expired nonces.
  (t) => [index('auth_nonces_expires_idx').on(t.expiresAt)],
);

/** Columns every hash-chained log carries (see platform/audit.ts). */
const chain = () => ({
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    username: text('username').notNull(),
    operatorId: integer('operator_id'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    reason: text('reason').notNull(),
    factor: text('factor', { enum: ['password', 'password+totp'] }).notNull(),
    ...chain(),
  },
  (t) => [
    index('login_log_at_idx').on(t.at),
    index('login_log_operator_idx').on(t.operatorId, t.at),
    // The list's filters (sys/login_log): each backed by an index (performance.md).
    index('login_log_username_idx').on(t.username, t.at),
    index('login_log_ip_idx').on(t.ip, t.at),
    index('login_log_result_idx').on(t.result, t.at),
  ],
);

export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    code: integer('code').notNull(),
    ip: text('ip').notNull(),
    /** Before/after of changes to money or configuration, and other context. Never secrets. */
    detail: jsonb('detail'),
    /** Which of the log's chains the row is in (platform/audit.ts: one lock and one head per shard). */
    shard: smallint('shard').notNull().default(0),
    ...chain(),
  },
  (t) => [
    index('operation_log_shard_idx').on(t.shard, t.id),
    // audit:verify walks exactly these shards.
    check(
      'operation_log_shard_check',
      sql`${t.shard} >= 0 AND ${t.shard} < ${sql.raw(String(OPERATION_SHARDS))}`,
    ),
    index('operation_log_at_idx').on(t.at),
    index('operation_log_operator_idx').on(t.operatorId, t.at),
    index('operation_log_action_idx').on(t.action, t.at),
    // The list's filters (sys/opearlog): each backed by an index (performance.md).
    index('operation_log_object_type_idx').on(t.objectType, t.at),
    index('operation_log_object_id_idx').on(t.objectId),
    index('operation_log_result_idx').on(t.result, t.at),
    index('operation_log_ip_idx').on(t.ip, t.at),
  ],
);

export const ipRules = pgTable(
  'ip_rules',
  {
    id: serial('id').primaryKey(),
    list: text('list', { enum: ['black', 'white'] }).notNull(),
    /** An address or a CIDR block, stored as PostgreSQL cidr. */
    cidr: cidr('cidr').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ip_rules_list_cidr_idx').on(t.list, t.cidr)],
);

/** Typed back-office settings, one row per key. */
export const sysConfig = pgTable('sys_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
