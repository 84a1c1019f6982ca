import type { VoiceModel, VoiceType } from '@avatar-factory/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { ToggleSwitch } from '../../../components/ui/toggle-switch';
import { useVoiceSample, type SampleVoice } from '../hooks/use-voice-sample';
import type { VoiceChoice } from '../lib/voice-choice';
import { Select } from '../../../components/ui/select';

type VoiceSettingsProps = {
  choice: VoiceChoice;
  onChoose: (voiceType: VoiceType) => void;
  onModelChange: (voiceModelId: string) => void;
  readyModels: VoiceModel[];
  lipsync: boolean;
  onLipsyncChange: (on: boolean) => void;
  disabled?: boolean;
};

const defaults: Array<{ voice: SampleVoice; title: string; hint: string }> = [
  { voice: 'female', title: 'Female voice', hint: 'Default female voice' },
  { voice: 'male', title: 'Male voice', hint: 'Default male voice' },
];

function PlayIcon({ playing }: { playing: boolean }) {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      {playing ? <rect x="6" y="6" width="12" height="12" rx="1.5" /> : <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />}
    </svg>
  );
}

const optionClass = (selected: boolean) =>
  `relative flex items-center gap-3 rounded-xl p-3.5 ring-1 transition-colors ${
    selected ? 'bg-indigo-50/70 ring-2 ring-indigo-600' : 'bg-white ring-slate-200 hover:ring-slate-300'
  }`;

/** Voice settings: default female or male (with samples), or a custom model; and lipsync. */
export function VoiceSettings({ choice, onChoose, onModelChange, readyModels, lipsync, onLipsyncChange, disabled = false }: VoiceSettingsProps) {
  const name = useId();
  const sample = useVoiceSample();
  const selectId = useId();

  return (
    <div className="space-y-4">
      <fieldset disabled={disabled}>
        <legend className="sr-only">Voice</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {defaults.map(({ voice, title, hint }) => {
            const selected = choice.voiceType === voice;
            const playing = sample.playing === voice;
            return (
              <div key={voice} className={optionClass(selected)}>
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    name={name}
                    value={voice}
                    checked={selected}
                    onChange={() => onChoose(voice)}
                    className="size-4 shrink-0 accent-indigo-600"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-slate-900">{title}</span>
                    <span className="block text-xs text-slate-600">{hint}</span>
                  </span>
                </label>
                <button
                  type="button"
                  onClick={() => sample.toggle(voice)}
                  aria-label={playing ? `Stop ${voice} voice sample` : `Play ${voice} voice sample`}
                  aria-pressed={playing}
                  data-testid={`sample-${voice}`}
                  className={`flex size-10 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                    playing ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                  }`}
                >
                  <PlayIcon playing={playing} />
                </button>
              </div>
            );
          })}
          <div className={`${optionClass(choice.voiceType === 'custom')} flex-col items-stretch sm:col-span-2`}>
            <div className="flex items-center gap-3">
              <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  name={name}
                  value="custom"
                  checked={choice.voiceType === 'custom'}
                  onChange={() => onChoose('custom')}
                  className="size-4 shrink-0 accent-indigo-600"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900">Custom voice</span>
                  <span className="block text-xs text-slate-600">One of your trained voice models</span>
                </span>
              </label>
              <Link
                to="/voice-models/"
                className="-my-2.5 -mr-1.5 shrink-0 rounded-md px-1.5 py-2.5 text-sm font-semibold text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                Voice Models
              </Link>
            </div>
            {choice.voiceType === 'custom' ? (
              <div className="mt-3 pl-7">
                <label htmlFor={selectId} className="block text-xs font-medium text-slate-600">
                  Voice model
                </label>
                <Select id={selectId} value={choice.voiceModelId ?? ''} onChange={(event) => onModelChange(event.target.value)} className="mt-1">
                  {readyModels.map((model) => (
                    <option key={model.id} value={model.id}>
                      {model.name}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
          </div>
        </div>
      </fieldset>
      <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">Lip Sync</p>
          <p className="text-xs text-slate-500">Move the mouth with the voice</p>
        </div>
        <ToggleSwitch label={lipsync ? 'Enabled' : 'Disabled'} checked={lipsync} onCheckedChange={onLipsyncChange} disabled={disabled} />
      </div>
    </div>
  );
}
