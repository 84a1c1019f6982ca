import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import { cn } from '../../lib/cn';

type ToggleSwitchProps = {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/** A labelled on/off switch (Radix Switch: role=switch, Space/Enter toggle, visible focus ring). */
export function ToggleSwitch({ label, checked, onCheckedChange, disabled = false, className = '' }: ToggleSwitchProps) {
  const id = useId();
  return (
    <div className={cn('inline-flex items-center gap-2', className)}>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full before:absolute before:-inset-x-1 before:-inset-y-2.5 bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-indigo-600"
      >
        <Switch.Thumb className="pointer-events-none block size-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow ring-0 transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-700 select-none">
        {label}
      </label>
    </div>
  );
}
