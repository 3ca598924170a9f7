/** The USDT address pool and the flows in and out of its addresses. Amounts are numeric, never floats. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './schema.ts';

// USDT has 6 decimals on TRON and Ethereum; 8 leaves room and matches the decimal-string format.
const usdt = (name: string) => numeric(name, { precision: 30, scale: 8 });

export const addrPool = pgTable(
  'addr_pool',
  {
    id: serial('id').primaryKey(),
    address: text('address').notNull(),
    network: text('network', { enum: ['TRC20', 'ERC20'] }).notNull(),
    status: text('status', { enum: ['free', 'assigned'] })
      .notNull()
      .default('free'),
    assignee: text('assignee'),
    balance: usdt('balance').notNull().default('0'),
    remark: text('remark').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('addr_pool_address_idx').on(t.address),
    index('addr_pool_network_status_idx').on(t.network, t.status),
    index('addr_pool_status_idx').on(t.status),
    index('addr_pool_assignee_idx').on(t.assignee).where(sql`assignee IS NOT NULL`),
    index('addr_pool_created_idx').on(t.createdAt),
  ],
);

export const addrPoolFlows = pgTable(
  'addr_pool_flows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addrPool.id),
    address: text('address').notNull(),
    network: text('network', { enum: ['TRC20', 'ERC20'] }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amount: usdt('amount').notNull(),
    balanceAfter: usdt('balance_after').notNull(),
    txHash: text('tx_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('addr_pool_flows_address_idx').on(t.address, t.createdAt),
    index('addr_pool_flows_network_idx').on(t.network, t.createdAt),
    index('addr_pool_flows_direction_idx').on(t.direction, t.createdAt),
    index('addr_pool_flows_tx_idx').on(t.txHash),
    index('addr_pool_flows_created_idx').on(t.createdAt),
  ],
);
