/** The /payManage group's resource definitions. */
export * from './bank.ts';
export * from './common.ts';
export * from './email-config.ts';
export * from './interface-type.ts';
export * from './passage.ts';
export * from './pay-other-config.ts';
export * from './third-agent.ts';
export * from './third-config.ts';
export * from './third-interface.ts';
export * from './third-party.ts';
