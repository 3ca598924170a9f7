/**
 * sys/sysBackConfig: typed settings, each value validated against the catalogue in contracts and
 * audited with before/after; and the spec's switch-list read for DATACENTER_ONOFF_CONTROLLER.
 */
import {
  BACK_SETTINGS,
  DATACENTER_SWITCHES_KEY,
  ErrorCode,
  editBodySchema,
  findByPageBodySchema,
  findSetting,
  getByIdQuerySchema,
  settingValueSchema,
  sysBackConfig,
  thirdConfig,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { withRefLabels } from '../../platform/crud/refs.ts';
import { AppError, fieldError, localeOf, ok } from '../../platform/errors.ts';
import { actionNotice, envelope, pagerSchema } from '../../platform/route-schemas.ts';
import { getSetting, type Settings, setSetting } from '../../platform/settings.ts';
import { describeIssues } from '../../platform/validation-messages.ts';
import { switchList } from '../payManage/switches.ts';
import { heldForApproval, requestChange, settingWeakens } from './pending-change.service.ts';
import { sysConfig } from './schema.ts';

const settingRow = z.object({
  key: z.string(),
  type: z.string(),
  value: z.json(),
  updatedBy: z.number().nullable(),
  updatedByLabel: z.string().nullable().optional(),
  updatedAt: z.date().nullable(),
});

/**
 * The catalogue's settings (all, or the one of `key`) as rows: the current value (its default where
 * unset), who set it and when, with that operator's name as a ref's label (refs.ts), as the list
 * shows them and a link to one setting (getById) opens it.
 */
async function settingRows(ctx: AppContext, key?: string) {
  const keys = key === undefined ? BACK_SETTINGS : BACK_SETTINGS.filter((s) => s.key === key);
  const stored = new Map((await ctx.db.select().from(sysConfig)).map((r) => [r.key, r]));
  const rows = await Promise.all(
    keys.map(async (s) => ({
      key: s.key,
      type: s.type,
      value: await getSetting(ctx, s.key as keyof Settings),
      updatedBy: stored.get(s.key)?.updatedBy ?? null,
      updatedAt: stored.get(s.key)?.updatedAt ?? null,
    })),
  );
  // An operator's name is not personal data: nothing of it is masked.
  return (await withRefLabels(ctx.db, sysBackConfig, rows, false)) as z.infer<typeof settingRow>[];
}

export async function sysBackConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx, ipFilter } = fastify;
  const { list, edit } = sysBackConfig.actions as Record<
    'list' | 'edit',
    { path: string; permission: string }
  >;
  // Settings are typed per key, so both actions are served below; the binding is still recorded.
  registerCrud(fastify, sysBackConfig, { table: sysConfig, own: ['list', 'edit'] });

  app.post(
    list.path,
    {
      config: { access: { permission: list.permission }, audit: false },
      schema: {
        tags: ['sys'],
        summary: 'Every back-office setting with its type and current value (defaults where unset)',
        // The engine's usual list body; the few settings always fit one page.
        body: findByPageBodySchema(sysBackConfig),
        response: {
          200: envelope(
            z.object({
              list: z.array(settingRow),
              pager: pagerSchema,
            }),
          ),
        },
      },
    },
    async () => {
      const rows = await settingRows(ctx);
      return ok({
        list: rows,
        pager: { page: 1, pageSize: rows.length, total: rows.length, totalCapped: false },
      });
    },
  );

  app.get(
    `${sysBackConfig.api}/getById`,
    {
      config: { access: { permission: list.permission }, audit: false },
      schema: {
        tags: ['sys'],
        summary: 'One back-office setting, as the list shows it (a link to it opens its detail)',
        querystring: getByIdQuerySchema(sysBackConfig),
        response: { 200: envelope(settingRow) },
      },
    },
    async (request) => {
      const [row] = await settingRows(ctx, (request.query as { id: string }).id);
      if (!row) throw new AppError(ErrorCode.notFound);
      return ok(row);
    },
  );

  app.post(
    edit.path,
    {
      config: { access: { permission: edit.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Set one setting, validated for its type',
        body: editBodySchema(sysBackConfig),
        response: {
          200: envelope(
            z.object({
              key: z.string(),
              value: z.json(),
              pendingChangeId: z.number().optional(),
              notice: actionNotice.optional(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { key, value } = request.body as { key: string; value: unknown };
      const def = findSetting(key);
      if (!def) throw fieldError('key', 'is not a known setting');
      const parsed = settingValueSchema(def).safeParse(value);
      if (!parsed.success) {
        const [first] = describeIssues(parsed.error.issues, localeOf(request));
        // The issue's path is inside the value ('body' when it is the value itself).
        const inner = first && first.field !== 'body' ? `.${first.field}` : '';
        throw fieldError(`value${inner}`, first?.message ?? 'is invalid');
      }
      const k = key as keyof Settings;
      const before = await getSetting(ctx, k);
      // A weakening change waits for a second administrator; the value stays as it is until then.
      if (settingWeakens(key, before, parsed.data)) {
        const operatorId = request.auth!.operatorId;
        const id = await requestChange(ctx, ctx.db, 'setting', key, before, parsed.data, operatorId);
        request.auditNote = {
          objectType: 'sys_config',
          objectId: key,
          before,
          extra: { pendingChangeId: id, requested: parsed.data },
        };
        return ok({ key, value: before as never, ...heldForApproval(id, localeOf(request)) });
      }
      await setSetting(ctx, k, parsed.data as never, request.auth!.operatorId);
      request.auditNote = { objectType: 'sys_config', objectId: key, before, after: parsed.data };
      if (key === 'whiteIpEnabled') ipFilter.invalidate();
      return ok({ key, value: parsed.data as never });
    },
  );

  app.get(
    '/api/pay/thirdconfig/getConfigSelectorByCode',
    {
      // The spec's data dictionary call: read by that page's switch panel, so its holders may read
      // (it needed the settings page before, and a 403 signs the operator out); edits stay the settings'.
      config: { access: { permission: thirdConfig.actions.list!.permission } },
      schema: {
        tags: ['sys'],
        summary: 'The switch list of a config code (DATACENTER_ONOFF_CONTROLLER)',
        querystring: z.strictObject({ code: z.enum([DATACENTER_SWITCHES_KEY]) }),
        response: { 200: envelope(z.array(z.object({ code: z.string(), value: z.boolean() }))) },
      },
    },
    async () => ok(await switchList(ctx)),
  );
}
