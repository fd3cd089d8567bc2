import type { APIRequestContext, BrowserContext } from '@playwright/test';

interface MaintenanceBody {
  data?: { maintenanceNotifications?: { data?: { id: number }[] } };
}

/**
 * Marks the event modal as checked for the session and every current maintenance notification as
 * dismissed, in every page of `context`, before any script of the app runs. The site's own overlays
 * are tested in overlays.spec.ts; suites about other things use this so that a modal dialog does
 * not sit on top of what they click, nor a banner shift the layout they look at.
 */
export async function suppressOverlays(context: BrowserContext, request: APIRequestContext): Promise<void> {
  const html = await (await request.get('/')).text();
  const siteJson = /<script[^>]*id="ether-site"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const siteCode = siteJson ? (JSON.parse(siteJson) as { siteCode: string }).siteCode : 'ether';
  const response = await request.get('/api/maintenance-notification');
  const ids = response.ok()
    ? (((await response.json()) as MaintenanceBody).data?.maintenanceNotifications?.data ?? []).map(
        (n) => n.id,
      )
    : [];
  await context.addInitScript(
    ({ key, dismissed }) => {
      window.sessionStorage.setItem('isModalChecked', '1');
      window.localStorage.setItem(key, JSON.stringify(dismissed));
    },
    { key: `${siteCode}-maintenance-notifications`, dismissed: ids },
  );
}
