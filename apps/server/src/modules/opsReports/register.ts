/**
 * Joins the operations rollups to the finance reports' machinery when loaded (the app, the
 * reports:rebuild CLI): their read rollups (before any report definition is checked) and their feed.
 */
import { addRollupFeed } from '../reports/maintain.ts';
import './read-rollups.ts';
import { opsFeed } from './rollups.ts';

addRollupFeed(opsFeed);
