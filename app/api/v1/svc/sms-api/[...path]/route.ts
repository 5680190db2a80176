import { restHandler } from '@/server/api/rest/next-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { restHandler as GET, restHandler as POST, restHandler as PUT, restHandler as PATCH, restHandler as DELETE, restHandler as HEAD };
