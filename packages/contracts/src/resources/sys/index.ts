/** The /sys group's resource definitions. */
export * from './addr-pool.ts';
export * from './addr-pool-flow-list.ts';
export * from './ip-rules.ts';
export * from './login-log.ts';
export * from './message.ts';
export * from './opearlog.ts';
export * from './pending-change.ts';
export * from './resource.ts';
export * from './role.ts';
export * from './sys-back-config.ts';
export * from './user.ts';
