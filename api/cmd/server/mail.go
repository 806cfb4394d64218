package main

import (
	"context"
	"log/slog"
	"time"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// newSender builds the mail queue's sender: SMTP when SMTP_URL is set;
// otherwise, in development, the outbox (whose pages the server mounts at
// /dev/mail, and which the back-office's erasure searches); otherwise no
// transport, and messages wait in the queue. The accounts complete their
// requests (reset codes, confirmation links) as they are sent.
func newSender(cfg *config.Config, st *store.Store, logger *slog.Logger, queue *mail.Queue, accounts mail.Completer) (*mail.Sender, *mail.Outbox, error) {
	var transport mail.Transport
	var err error
	var outbox *mail.Outbox
	switch {
	case cfg.SMTPURL != "":
		transport, err = mail.NewSMTP(mail.SMTPConfig{URL: cfg.SMTPURL})
	case cfg.Development():
		outbox, err = mail.NewOutbox(st, cfg.SecretKey, logger)
		transport = outbox
		logger.Info("SMTP_URL is not set: e-mail goes to the development outbox", "url", cfg.BaseURL+"/dev/mail")
	}
	if err != nil {
		return nil, nil, err
	}
	sender := mail.NewSender(mail.SenderConfig{Queue: queue, Transport: transport, Completer: accounts, From: cfg.MailFrom, Logger: logger})
	return sender, outbox, nil
}

// runCaptchaCleanup forgets expired spent ALTCHA challenges every hour
// until ctx ends; hosted providers keep no state.
func runCaptchaCleanup(ctx context.Context, p captcha.Provider, logger *slog.Logger) {
	if a, ok := p.(*captcha.Altcha); ok {
		a.RunCleanup(ctx, time.Hour, logger)
	}
}
