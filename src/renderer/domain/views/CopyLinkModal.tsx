import { Input, Modal, Typography } from 'antd';

/** Where the clipboard refused the link: it is shown, selected, to copy by hand. */
export function CopyLinkModal({ link, onClose }: { link: string; onClose(): void }) {
  return (
    <Modal
      open
      title="Copy link"
      onCancel={onClose}
      onOk={onClose}
      okText="Close"
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The link could not be copied for you. Select it and copy it by hand:
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="Link to this screen"
        readOnly
        autoSize
        value={link}
        autoFocus
        onFocus={(event) => event.target.select()}
      />
    </Modal>
  );
}
