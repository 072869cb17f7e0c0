// The blocked-sites procedures' inputs (apart from blocking.ts, which the extension bundles).
import { z } from 'zod';
import { BLOCK_MODES, BLOCKED_SITES_PER_REQUEST } from './blocking';
import { textField } from './text';

export const addBlockedSitesInput = z.object({
  sites: z.array(textField().max(2048)).min(1, 'must name at least one site').max(BLOCKED_SITES_PER_REQUEST),
});
export const removeBlockedSiteInput = z.object({ site: textField().max(2048) });
export const blockModeInput = z.object({ mode: z.enum(BLOCK_MODES) });
export const connectExtensionInput = z.object({ name: textField().trim().min(1, 'is required').max(60) });
export const extensionIdInput = z.object({ id: textField().max(64) });
