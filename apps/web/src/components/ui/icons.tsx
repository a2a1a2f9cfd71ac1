import { defineIcon as icon } from './Icon';

/** The app's named icons, drawn with the one `Icon` (components/ui/Icon). */
export const InboxIcon = /* @__PURE__ */ icon(['M4 13h4.5l1.5 3h4l1.5-3H20', 'M6 5h12l2.5 8v6h-17v-6z']);
export const SendIcon = /* @__PURE__ */ icon(['M4 12 20 4l-4 16-4-7z', 'M12 13l8-9']);
export const DraftIcon = /* @__PURE__ */ icon(['M6 3h9l4 4v14H6z', 'M15 3v4h4', 'M9 12h6', 'M9 16h4']);
export const TrashIcon = /* @__PURE__ */ icon([
  'M4 7h16',
  'M9 7V4h6v3',
  'M6 7l1 13h10l1-13',
  'M10 11v6',
  'M14 11v6',
]);
export const FilterIcon = /* @__PURE__ */ icon(['M4 5h16l-6 8v6l-4-2v-4z']);
export const TemplateIcon = /* @__PURE__ */ icon(['M4 4h16v6H4z', 'M4 14h7v6H4z', 'M15 14h5v6h-5z']);
export const SignatureIcon = /* @__PURE__ */ icon(['M3 20h18', 'M6 16l2-.5 9-9-1.5-1.5-9 9z']);
export const PencilIcon = /* @__PURE__ */ icon(['M4 20h4L19 9l-4-4L4 16z', 'M13.5 6.5l4 4']);
export const BellIcon = /* @__PURE__ */ icon(['M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z', 'M10 20a2 2 0 0 0 4 0']);
export const MenuIcon = /* @__PURE__ */ icon(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const CloseIcon = /* @__PURE__ */ icon(['M6 6l12 12', 'M18 6 6 18']);
export const EmptyInboxIcon = /* @__PURE__ */ icon([
  'M4 13h4.5l1.5 3h4l1.5-3H20',
  'M6 5h12l2.5 8v6h-17v-6z',
  'M9 9h6',
]);

/** Mail list and message view icons: a little smaller, 18 units by default. */
const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';
export const StarOutlineIcon = /* @__PURE__ */ icon([STAR], { size: 18 });
export const StarFilledIcon = /* @__PURE__ */ icon([STAR], { filled: true, size: 18 });
export const PaperclipIcon = /* @__PURE__ */ icon(
  ['M20 11.5l-8 8a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.7 17.2a1.7 1.7 0 0 1-2.4-2.4l7.6-7.6'],
  { size: 18 },
);
export const SearchIcon = /* @__PURE__ */ icon(['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4'], {
  size: 18,
});
export const ChevronDownIcon = /* @__PURE__ */ icon(['M6 9l6 6 6-6'], { size: 18 });
export const ArrowUpIcon = /* @__PURE__ */ icon(['M12 19V5', 'M6 11l6-6 6 6'], { size: 18 });
export const ArrowDownIcon = /* @__PURE__ */ icon(['M12 5v14', 'M6 13l6 6 6-6'], { size: 18 });
export const BackIcon = /* @__PURE__ */ icon(['M15 18l-6-6 6-6'], { size: 18 });
export const ReplyIcon = /* @__PURE__ */ icon(['M10 8L4 13l6 5', 'M4 13h10a6 6 0 0 1 6 6v1'], { size: 18 });
export const ReplyAllIcon = /* @__PURE__ */ icon(
  ['M12 8l-6 5 6 5', 'M7 8l-5 5 5 5', 'M6 13h8a6 6 0 0 1 6 6v1'],
  { size: 18 },
);
export const ForwardIcon = /* @__PURE__ */ icon(['M14 8l6 5-6 5', 'M20 13H10a6 6 0 0 0-6 6v1'], { size: 18 });
export const UnreadIcon = /* @__PURE__ */ icon(['M4 6h16v12H4z', 'M4 7l8 6 8-6'], { size: 18 });
export const DeleteIcon = /* @__PURE__ */ icon(['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13'], { size: 18 });
export const FolderIcon = /* @__PURE__ */ icon(['M3 6h6l2 2h10v11H3z'], { size: 18 });
export const ArchiveIcon = /* @__PURE__ */ icon(['M3 4h18v4H3z', 'M5 8v12h14V8', 'M10 12h4'], { size: 18 });
export const RestoreIcon = /* @__PURE__ */ icon(['M4 10a8 8 0 1 1 2 6', 'M4 4v6h6'], { size: 18 });
export const PlusIcon = /* @__PURE__ */ icon(['M12 5v14', 'M5 12h14'], { size: 18 });
export const MoreIcon = /* @__PURE__ */ icon(['M5 12h.01', 'M12 12h.01', 'M19 12h.01'], { size: 18 });
export const PeopleIcon = /* @__PURE__ */ icon([
  'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  'M2.5 20a6.5 6.5 0 0 1 13 0',
  'M16 4.5a3.5 3.5 0 0 1 0 6.5',
  'M18 14a6 6 0 0 1 3.5 6',
]);
export const BellOffIcon = /* @__PURE__ */ icon([
  'M6 16v-5a6 6 0 0 1 9.5-4.9',
  'M18 11v5l2 2H8',
  'M10 20a2 2 0 0 0 4 0',
  'M3 3l18 18',
]);
export const MailIcon = /* @__PURE__ */ icon(['M3 6h18v12H3z', 'M3 7l9 6 9-6']);
export const AlertIcon = /* @__PURE__ */ icon(['M12 3 2 20h20z', 'M12 10v4', 'M12 17h.01']);
export const ClockIcon = /* @__PURE__ */ icon(['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M12 7v5l3 2']);
export const CalendarIcon = /* @__PURE__ */ icon(['M4 6h16v14H4z', 'M4 10h16', 'M8 3v5', 'M16 3v5']);
export const SpamIcon = /* @__PURE__ */ icon(['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M5.6 5.6l12.8 12.8'], {
  size: 18,
});
export const ShieldCheckIcon = /* @__PURE__ */ icon(
  ['M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z', 'M8.5 12l2.5 2.5 4.5-5'],
  {
    size: 16,
  },
);
export const GearIcon = /* @__PURE__ */ icon(
  [
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  { size: 18 },
);
export const CheckIcon = /* @__PURE__ */ icon(['M5 12.5 10 17l9-10'], { size: 16 });
export const UploadCloudIcon = /* @__PURE__ */ icon([
  'M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 9a4 4 0 0 1 0 9',
  'M12 12v8',
  'M9 15l3-3 3 3',
]);
export const FileIcon = /* @__PURE__ */ icon(['M6 3h8l4 4v14H6z', 'M14 3v4h4']);
export const GripIcon = /* @__PURE__ */ icon(
  ['M9 6h.01', 'M15 6h.01', 'M9 12h.01', 'M15 12h.01', 'M9 18h.01', 'M15 18h.01'],
  { size: 16 },
);
