workspace "Mobile backend on Google Cloud" "Users to storage on Google Cloud: DNS, Cloud Armor, load balancing, Cloud Run, Firestore, search, Pub/Sub, push, BigQuery." {
    model {
        n_app = person "app" "Mobile app" "client"
        n_site = person "site" "Web browser" "client"
        system = softwareSystem "Mobile backend on Google Cloud" {
            n_dns = container "dns" "dns" "Cloud DNS" "dns,gcp"
            n_armor = container "armor" "armor" "Google Cloud Armor" "waf,gcp"
            n_edge = container "edge" "edge" "Cloud Load Balancing (Application Load Balancer)" "load-balancer,gcp"
            n_sign_in = container "sign-in" "sign-in" "Identity Platform" "identity,gcp"
            n_api = container "api" "api" "Cloud Run" "service,gcp"
            n_profiles = container "profiles" "profiles" "Firestore" "nosql-database,gcp,Datastore"
            n_hot_reads = container "hot-reads" "hot-reads" "Memorystore for Redis" "cache,gcp,Datastore"
            n_catalog_search = container "catalog-search" "catalog-search" "Vertex AI Search" "search,gcp,Datastore"
            n_uploads = container "uploads" "uploads" "Cloud Storage" "object-storage,gcp,Datastore"
            n_events = container "events" "events" "Pub/Sub (topic fan-out)" "event-bus,gcp,Pipe"
            n_push_sender = container "push-sender" "push-sender" "Cloud Run functions" "function,gcp"
            n_push = container "push" "push" "Firebase Cloud Messaging" "notification,gcp,Pipe"
            n_daily_export = container "daily-export" "daily-export" "Workflows" "workflow,gcp"
            n_analytics = container "analytics" "analytics" "BigQuery" "data-warehouse,gcp,Datastore"
            n_logs = container "logs" "logs" "Cloud Logging" "observability,gcp"
        }
        n_app -> n_dns "lookup" "" "request"
        n_site -> n_dns "lookup" "" "request"
        n_app -> n_sign_in "" "" "request"
        n_site -> n_sign_in "" "" "request"
        n_app -> n_armor "HTTPS" "" "request"
        n_site -> n_armor "HTTPS" "" "request"
        n_armor -> n_edge "" "" "request"
        n_edge -> n_api "" "" "request"
        n_api -> n_profiles "" "" "data"
        n_api -> n_hot_reads "" "" "data"
        n_api -> n_catalog_search "" "" "data"
        n_api -> n_uploads "" "" "data"
        n_api -> n_logs "" "" "request"
        n_api -> n_events "" "" "event"
        n_events -> n_push_sender "" "" "event"
        n_push_sender -> n_push "" "" "request"
        n_daily_export -> n_profiles "" "" "data"
        n_daily_export -> n_analytics "" "" "data"
        deploymentEnvironment "Design" {
            g_users = deploymentNode "Users" "" "internet" {
            }
            g_eu = deploymentNode "europe-west1" "" "region" {
                containerInstance n_api
                containerInstance n_profiles
                containerInstance n_hot_reads
                containerInstance n_uploads
                containerInstance n_events
                containerInstance n_push_sender
                containerInstance n_daily_export
                containerInstance n_analytics
                containerInstance n_logs
            }
            deploymentNode "Outside any boundary" {
                containerInstance n_dns
                containerInstance n_armor
                containerInstance n_edge
                containerInstance n_sign_in
                containerInstance n_catalog_search
                containerInstance n_push
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
