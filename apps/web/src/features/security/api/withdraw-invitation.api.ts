import { invitationEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const withdrawInvitation = (id: number) => call(invitationEndpoints.withdraw, { params: { id } });
