package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"noorvale.example/site/api/captcha"
	"noorvale.example/site/api/config"
	"noorvale.example/site/api/mail"
	"noorvale.example/site/api/store"
)

// newMail builds the mail queue and its sender: SMTP when SMTP_URL is set;
// otherwise, in development, the outbox (whose pages the server mounts at
// /dev/mail); otherwise no transport, and messages wait in the queue.
func newMail(cfg *config.Config, st *store.Store, logger *slog.Logger) (*mail.Queue, *mail.Sender, http.Handler, error) {
	queue, err := mail.NewQueue(mail.QueueConfig{Store: st, SecretKey: cfg.SecretKey})
	if err != nil {
		return nil, nil, nil, err
	}
	var transport mail.Transport
	var devMail http.Handler
	switch {
	case cfg.SMTPURL != "":
		transport, err = mail.NewSMTP(mail.SMTPConfig{URL: cfg.SMTPURL})
	case cfg.Development():
		var outbox *mail.Outbox
		outbox, err = mail.NewOutbox(st, cfg.SecretKey, logger)
		transport, devMail = outbox, outbox.Handler()
		logger.Info("SMTP_URL is not set: e-mail goes to the development outbox", "url", cfg.BaseURL+"/dev/mail")
	}
	if err != nil {
		return nil, nil, nil, err
	}
	sender := mail.NewSender(mail.SenderConfig{Queue: queue, Transport: transport, From: cfg.MailFrom, Logger: logger})
	return queue, sender, devMail, nil
}

// runCaptchaCleanup forgets expired spent ALTCHA challenges every hour
// until ctx ends; hosted providers keep no state.
func runCaptchaCleanup(ctx context.Context, p captcha.Provider, logger *slog.Logger) {
	if a, ok := p.(*captcha.Altcha); ok {
		a.RunCleanup(ctx, time.Hour, logger)
	}
}
