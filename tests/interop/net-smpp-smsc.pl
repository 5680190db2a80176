#!/usr/bin/perl
# By-hand interop check of the SMPP connectors (README, Carrier connectors): an SMSC on Net::SMPP
# (Debian libnet-smpp-perl, an SMPP 3.4 implementation independent of the npm library). One connection at a
# time; submit_sm answered with a hexadecimal id, then a DELIVRD receipt that writes the same id in decimal.
# Usage: perl tests/interop/net-smpp-smsc.pl 9900
# MO (D18): with MO='from|to|text|dc;...' set, each bind is followed by those mobile-originated deliver_sm (esm_class
# 0; dc 0 sends the text as is, dc 8 as UCS-2), and each deliver_sm_resp is printed.
use strict; use warnings;
use Encode qw(encode);
use Net::SMPP;
$| = 1;
my $port = shift || 9900;
my $listen = Net::SMPP->new_listen('127.0.0.1', port => $port, smpp_version => 0x34, timeout => 3600) or die "listen: $!";
print "listening $port\n";
my $id = 0x1a2b00;
while (1) { my $c = $listen->accept() or next;
  print "connection\n";
  while (my $pdu = $c->read_pdu()) {
    my $cmd = $pdu->{cmd};
    if ($cmd == 0x00000009) {
      print "bind_transceiver system_id=$pdu->{system_id} password=$pdu->{password} version=$pdu->{interface_version}\n";
      $c->bind_transceiver_resp(system_id => 'PERLSMSC', seq => $pdu->{seq});
      for my $mo (split /;/, ($ENV{MO} // '')) {
        my ($from, $to, $text, $dc) = split /\|/, $mo;
        $dc //= 0;
        my $octets = $dc == 8 ? encode('UTF-16BE', Encode::decode('UTF-8', $text)) : $text;
        $c->deliver_sm(source_addr => $from, destination_addr => $to, esm_class => 0, data_coding => $dc, async => 1, short_message => $octets);
        printf "deliver_sm MO from=%s to=%s dc=%d len=%d\n", $from, $to, $dc, length($octets);
      }
    } elsif ($cmd == 0x00000004) {
      my $mid = sprintf('%x', ++$id);
      printf "submit_sm from=%s ton=%d npi=%d to=%s ton=%d npi=%d dc=%d esm=%d rd=%d vp=%s len=%d text=%s\n", $pdu->{source_addr}, $pdu->{source_addr_ton}, $pdu->{source_addr_npi}, $pdu->{destination_addr}, $pdu->{dest_addr_ton}, $pdu->{dest_addr_npi}, $pdu->{data_coding}, $pdu->{esm_class}, $pdu->{registered_delivery}, $pdu->{validity_period}, length($pdu->{short_message}), unpack('H*', $pdu->{short_message});
      # TLVs by numeric tag (Net::SMPP keeps each under its decimal tag): SAR 0x020c/0x020e/0x020f, message_payload 0x0424
      for my $tag (sort { $a <=> $b } grep { /^\d+$/ } keys %$pdu) { printf "  tlv 0x%04x len=%d %s\n", $tag, length($pdu->{$tag}), unpack('H*', $pdu->{$tag}); }
      $c->submit_sm_resp(message_id => $mid, seq => $pdu->{seq});
      my $dec = hex($mid);
      $c->deliver_sm(source_addr => $pdu->{destination_addr}, destination_addr => $pdu->{source_addr}, esm_class => 0x04, async => 1,
        short_message => "id:$dec sub:001 dlvrd:001 submit date:2611240000 done date:2611240001 stat:DELIVRD err:000 text:");
      print "deliver_sm receipt id:$dec (submit_sm_resp gave $mid)\n";
    } elsif ($cmd == 0x80000005) {
      print "deliver_sm_resp status=$pdu->{status}\n";
    } elsif ($cmd == 0x00000015) {
      $c->enquire_link_resp(seq => $pdu->{seq});
    } elsif ($cmd == 0x00000006) {
      print "unbind\n"; $c->unbind_resp(seq => $pdu->{seq}); last;
    } else { printf "other cmd 0x%08x\n", $cmd; }
  }
  print "closed\n";
}
