/** A channel the admin can pick, as the listener figures' page lists them. */
export interface ChannelChoice {
  slug: string;
  name: string;
}

interface ChannelMonthFieldsProps {
  channels: ChannelChoice[];
  channel: string;
  month: string;
  onChannel: (slug: string) => void;
  onMonth: (month: string) => void;
  /** The visible labels, which say what the fields are for ('Kanaal van het rapport'). */
  channelLabel: string;
  monthLabel: string;
}

/**
 * The channel and month of a monthly report (the royalty report, the audience per song): a form
 * that never submits, since each report follows its fields as they change.
 */
export function ChannelMonthFields({
  channels,
  channel,
  month,
  onChannel,
  onMonth,
  channelLabel,
  monthLabel,
}: ChannelMonthFieldsProps) {
  return (
    <form className="listener-query" onSubmit={(event) => event.preventDefault()}>
      <label>
        {channelLabel}{' '}
        <select value={channel} onChange={(e) => onChannel(e.target.value)}>
          {channels.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {monthLabel} <input type="month" value={month} onChange={(e) => onMonth(e.target.value)} required />
      </label>
    </form>
  );
}
