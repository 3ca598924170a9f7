/** The /payManage group's resource definitions. */
export * from './passage.ts';
