import type { Avatar, DeployConsentRecord, Task } from '@avatar-factory/contracts';
import type { AvatarRow } from './avatars.repository';

export const publicPageUrl = (publicBaseUrl: string, publicId: string) => `${publicBaseUrl}/w/${publicId}`;

export function previewUrlOf(row: AvatarRow, publicBaseUrl: string): string | null {
  return row.deployStatus === 'deployed' && row.publicId ? publicPageUrl(publicBaseUrl, row.publicId) : null;
}

export function toTask(row: AvatarRow, publicBaseUrl: string): Task {
  return {
    taskId: row.id,
    avatarName: row.avatarName,
    status: row.status,
    progress: row.progress,
    currentStep: row.currentStep,
    message: row.message,
    voice_type: row.voiceType,
    voice_model_id: row.voiceModelId,
    enable_lipsync: row.enableLipsync,
    created_at: row.createdAt.toISOString(),
    result: row.hasResult
      ? { message: row.resultMessage, preview_url: previewUrlOf(row, publicBaseUrl), deploy_status: row.deployStatus, deploy_consent: deployConsentOf(row) }
      : null,
  };
}

/** The stored confirmation as the owner sees it (the statement and user stay in the database). */
function deployConsentOf(row: AvatarRow): DeployConsentRecord | null {
  return row.deployConsent && row.deployConsentAt ? { confirmed_at: row.deployConsentAt.toISOString(), voice: row.deployConsent.voice } : null;
}

export function toAvatar(row: AvatarRow, publicBaseUrl: string): Avatar {
  return {
    avatarId: row.id,
    avatarName: row.avatarName,
    previewUrl: previewUrlOf(row, publicBaseUrl),
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
