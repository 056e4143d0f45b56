import { format, parseISO } from 'date-fns';
import { DayPicker } from 'react-day-picker';
import { es } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

/** A month in Spanish, Monday first, with the selected day; picks a day as YYYY-MM-DD. */
export default function CalendarGrid({ selected, onSelect }: { selected?: string; onSelect: (day: string) => void }) {
  const date = selected ? parseISO(selected) : undefined;
  return (
    <DayPicker
      mode="single"
      locale={es}
      weekStartsOn={1}
      autoFocus
      selected={date}
      defaultMonth={date}
      onSelect={(day) => day && onSelect(format(day, 'yyyy-MM-dd'))}
      style={
        { '--rdp-accent-color': 'var(--color-primary)', '--rdp-accent-background-color': '#dbeafe', '--rdp-day-height': '40px', '--rdp-day-width': '40px' } as React.CSSProperties
      }
    />
  );
}
